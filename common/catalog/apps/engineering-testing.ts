import { flat, inCategory, perUser, unconfirmed } from '../define';

// Browser, device and visual testing.
export const ENGINEERING_TESTING_APPS = inCategory('Engineering', [
  {
    slug: 'browserstack',
    name: 'BrowserStack',
    vendor: 'BrowserStack',
    domain: 'browserstack.com',
    description: 'Cloud testing on real browsers and mobile devices.',
    aliases: ['BROWSERSTACK', 'BROWSERSTACK.COM'],
    pricing: {
      source: 'https://www.browserstack.com/pricing',
      observedOn: null,
      checkedOn: '2026-11-27',
      confirmed: false,
    },
    prices: [
      ...perUser('Live Desktop', 3900, 12 * 2900),
      ...perUser('Live Desktop & Mobile', 4900, 12 * 3900),
    ],
  },
  {
    slug: 'sauce-labs',
    name: 'Sauce Labs',
    vendor: 'Sauce Labs',
    domain: 'saucelabs.com',
    iconSlug: 'saucelabs',
    description: 'Cross-browser and mobile test automation cloud.',
    aliases: ['SAUCE LABS', 'SAUCELABS'],
    pricing: {
      source:
        'https://raw.githubusercontent.com/api-evangelist/sauce-labs/refs/heads/main/plans/sauce-labs-plans-pricing.yml',
      observedOn: '2026-06-12',
      checkedOn: '2026-12-02',
      confirmed: true,
    },
    prices: [
      ...flat('Live Testing (1 parallel test)', null, 12 * 3900),
      ...unconfirmed([
        ...flat('Virtual Device Cloud (1 parallel test)', null, 12 * 14900),
        ...flat('Real Device Cloud (1 parallel test)', null, 12 * 19900),
      ]),
    ],
  },
  {
    slug: 'lambdatest',
    name: 'LambdaTest',
    vendor: 'LambdaTest',
    domain: 'lambdatest.com',
    description: 'Cloud cross-browser and app testing (TestMu AI).',
    aliases: ['LAMBDATEST'],
    pricing: {
      source:
        'https://raw.githubusercontent.com/api-evangelist/lambdatest/refs/heads/main/plans/lambdatest-plans-pricing.yml',
      observedOn: '2026-06-12',
      checkedOn: '2026-12-02',
      confirmed: true,
    },
    prices: [...perUser('Live', null, 12 * 1500), ...unconfirmed(perUser('Live', 1900, null))],
  },
  {
    slug: 'cypress-cloud',
    name: 'Cypress Cloud',
    vendor: 'Cypress.io',
    domain: 'cypress.io',
    iconSlug: 'cypress',
    description: 'Recording, parallelisation and analytics for Cypress test runs.',
    aliases: ['CYPRESS.IO', 'CYPRESS IO', 'CYPRESS CLOUD'],
    pricing: {
      source: 'https://www.cypress.io/pricing',
      observedOn: null,
      checkedOn: '2026-11-27',
      confirmed: false,
    },
    prices: [...flat('Team', 7500, 12 * 6700), ...flat('Business', 30000, 12 * 26700)],
  },
  {
    slug: 'chromatic',
    name: 'Chromatic',
    vendor: 'Chroma Software',
    domain: 'chromatic.com',
    iconSlug: 'chromatic',
    description: 'Visual testing and review for Storybook components.',
    aliases: ['CHROMATIC', 'CHROMA SOFTWARE'],
    pricing: {
      source: 'https://www.chromatic.com/pricing',
      observedOn: null,
      checkedOn: '2026-11-27',
      confirmed: false,
    },
    prices: [...flat('Starter', 17900, null), ...flat('Pro', 39900, null)],
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
