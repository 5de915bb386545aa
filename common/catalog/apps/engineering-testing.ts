import { inCategory } from '../define';

// Browser, device and visual testing.
export const ENGINEERING_TESTING_APPS = inCategory('Engineering', [
  {
    slug: 'browserstack',
    name: 'BrowserStack',
    vendor: 'BrowserStack',
    domain: 'browserstack.com',
    description: 'Cloud testing on real browsers and mobile devices.',
    aliases: ['BROWSERSTACK', 'BROWSERSTACK.COM'],
  },
  {
    slug: 'sauce-labs',
    name: 'Sauce Labs',
    vendor: 'Sauce Labs',
    domain: 'saucelabs.com',
    iconSlug: 'saucelabs',
    description: 'Cross-browser and mobile test automation cloud.',
    aliases: ['SAUCE LABS', 'SAUCELABS'],
  },
  {
    slug: 'lambdatest',
    name: 'LambdaTest',
    vendor: 'LambdaTest',
    domain: 'lambdatest.com',
    description: 'Cloud cross-browser and app testing (TestMu AI).',
    aliases: ['LAMBDATEST'],
  },
  {
    slug: 'cypress-cloud',
    name: 'Cypress Cloud',
    vendor: 'Cypress.io',
    domain: 'cypress.io',
    iconSlug: 'cypress',
    description: 'Recording, parallelisation and analytics for Cypress test runs.',
    aliases: ['CYPRESS.IO', 'CYPRESS IO', 'CYPRESS CLOUD'],
  },
  {
    slug: 'chromatic',
    name: 'Chromatic',
    vendor: 'Chroma Software',
    domain: 'chromatic.com',
    iconSlug: 'chromatic',
    description: 'Visual testing and review for Storybook components.',
    aliases: ['CHROMATIC', 'CHROMA SOFTWARE'],
  },
  {
    slug: 'mabl',
    name: 'mabl',
    vendor: 'mabl',
    domain: 'mabl.com',
    description: 'Low-code, AI-assisted test automation.',
    aliases: ['MABL', 'MABL INC'],
  },
]);
