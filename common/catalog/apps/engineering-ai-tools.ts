import { flat, inCategory, perUser, unconfirmed } from '../define';

// AI coding assistants, editors and code review.
export const ENGINEERING_AI_TOOL_APPS = inCategory('Engineering', [
  {
    slug: 'github-copilot',
    name: 'GitHub Copilot',
    vendor: 'GitHub (Microsoft)',
    domain: 'copilot.github.com',
    iconSlug: 'githubcopilot',
    description: 'AI pair programmer in the editor, CLI and pull requests.',
    aliases: ['GITHUB COPILOT', 'GH COPILOT', 'COPILOT BUSINESS'],
    pricing: {
      source:
        'https://git666.top/en/copilot/managing-copilot/managing-copilot-for-your-enterprise/managing-the-copilot-subscription-for-your-enterprise/about-billing-for-github-copilot-in-your-enterprise',
      observedOn: '2026-06-01',
      checkedOn: '2026-12-02',
      confirmed: true,
    },
    prices: [
      ...flat('Pro', 1000, 10000),
      ...flat('Pro+', 3900, 39000),
      ...flat('Max', 10000, null),
      ...perUser('Business', 1900, 12 * 1900),
      ...perUser('Enterprise', 3900, 12 * 3900),
    ],
  },
  {
    slug: 'cursor',
    name: 'Cursor',
    vendor: 'Anysphere',
    domain: 'cursor.com',
    iconSlug: 'cursor',
    description: 'AI-first code editor built on VS Code with agentic coding.',
    aliases: ['CURSOR', 'ANYSPHERE', 'CURSOR AI', 'CURSOR.COM', 'CURSOR USAGE'],
    pricing: {
      source:
        'https://raw.githubusercontent.com/api-evangelist/cursor/refs/heads/main/plans/cursor-plans-pricing.yml',
      observedOn: '2026-10-07',
      checkedOn: '2026-12-02',
      confirmed: true,
    },
    prices: [
      ...flat('Pro', 2000, null),
      ...unconfirmed(flat('Pro', null, 12 * 1600)),
      ...unconfirmed(flat('Pro+', 6000, null)),
      ...unconfirmed(flat('Ultra', 20000, null)),
      ...perUser('Teams', 4000, null),
      ...unconfirmed(perUser('Teams', null, 12 * 3200)),
    ],
  },
  {
    slug: 'replit',
    name: 'Replit',
    vendor: 'Replit',
    domain: 'replit.com',
    iconSlug: 'replit',
    description: 'Browser IDE and AI agent that builds and deploys apps.',
    aliases: ['REPLIT', 'REPL.IT', 'REPLIT INC'],
    pricing: {
      // Snapshot of Replit's pricing page: Core $20/month billed annually, Pro $100/month.
      source: 'https://owostack.com/pricing-templates/replit-builder-credits',
      observedOn: '2026-03-09',
      checkedOn: '2026-12-02',
      confirmed: true,
    },
    prices: [
      // The snapshot does not show Core's month-to-month price.
      ...unconfirmed(flat('Core', 2500, null)),
      ...flat('Core', null, 12 * 2000),
      ...flat('Pro', 10000, null),
    ],
  },
  {
    slug: 'tabnine',
    name: 'Tabnine',
    vendor: 'Tabnine',
    domain: 'tabnine.com',
    description: 'Private AI code assistant that can run in your own environment.',
    aliases: ['TABNINE', 'CODOTA'],
    pricing: {
      source: 'https://www.tabnine.com/pricing',
      observedOn: null,
      checkedOn: '2026-11-27',
      confirmed: false,
    },
    prices: [
      ...perUser('Code Assistant Platform', null, 12 * 3900),
      ...perUser('Agentic Platform', null, 12 * 5900),
    ],
  },
  {
    slug: 'sourcegraph',
    name: 'Sourcegraph',
    vendor: 'Sourcegraph',
    domain: 'sourcegraph.com',
    description: 'Code search across repositories and the Amp coding agent.',
    aliases: ['SOURCEGRAPH'],
  },
  {
    slug: 'windsurf',
    name: 'Windsurf',
    vendor: 'Cognition',
    domain: 'windsurf.com',
    iconSlug: 'windsurf',
    description: 'AI code editor and agent (formerly Codeium).',
    aliases: ['WINDSURF', 'CODEIUM', 'EXAFUNCTION'],
    pricing: {
      source:
        'https://raw.githubusercontent.com/api-evangelist/windsurf/refs/heads/main/plans/windsurf-plans-pricing.yml',
      observedOn: '2026-10-07',
      checkedOn: '2026-12-02',
      confirmed: true,
    },
    prices: [
      ...flat('Pro', 2000, null),
      ...unconfirmed(perUser('Teams', 4000, null)),
      ...flat('Max', 20000, null),
    ],
  },
  {
    slug: 'coderabbit',
    name: 'CodeRabbit',
    vendor: 'CodeRabbit',
    domain: 'coderabbit.ai',
    iconSlug: 'coderabbit',
    description: 'AI code review on pull requests.',
    aliases: ['CODERABBIT'],
    pricing: {
      source:
        'https://raw.githubusercontent.com/api-evangelist/coderabbit/refs/heads/main/plans/coderabbit-plans-pricing.yml',
      observedOn: '2026-06-21',
      checkedOn: '2026-12-02',
      confirmed: true,
    },
    prices: [...perUser('Pro', 3000, 12 * 2400)],
  },
  {
    slug: 'graphite',
    name: 'Graphite',
    vendor: 'Screenplay Studios',
    domain: 'graphite.dev',
    description: 'Stacked pull requests and AI code review on top of GitHub.',
    aliases: ['GRAPHITE.DEV', 'GRAPHITE DEV'],
  },
]);
