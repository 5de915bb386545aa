// The job an application does, for "overlapping tools": applications in one function can replace
// each other (Zoom, Webex and GoTo Meeting all hold video meetings). Categories are too broad for
// this (Slack and Zoom are both "Communication"), so the groups are listed by hand and kept narrow:
// a false "you pay twice for the same job" costs more trust than a missed one.

export const CATALOG_FUNCTIONS = {
  'Team chat': [
    'slack',
    'microsoft-teams',
    'mattermost',
    'rocket-chat',
    'zoho-cliq',
    'chanty',
    'flock',
    'pumble',
    'element',
    'wire',
    'symphony',
  ],
  'Video meetings': ['zoom', 'microsoft-teams', 'webex', 'goto-meeting', 'whereby', 'gather'],
  'Async video': ['loom', 'vidyard'],
  'Wiki and docs': ['notion', 'confluence', 'coda', 'quip', 'slite', 'guru', 'slab', 'tettra', 'nuclino'],
  Whiteboards: ['miro', 'mural', 'lucidspark', 'conceptboard', 'klaxoon'],
  'File storage': [
    'dropbox',
    'box',
    'egnyte',
    'sharefile',
    'tresorit',
    'pcloud',
    'sync-com',
    'zoho-workdrive',
  ],
  'Work management': [
    'asana',
    'monday',
    'trello',
    'clickup',
    'wrike',
    'smartsheet',
    'basecamp',
    'teamwork',
    'zoho-projects',
    'hive',
    'proofhub',
    'nifty',
    'meistertask',
    'taskade',
  ],
  'Issue tracking': ['jira', 'linear', 'shortcut', 'zenhub'],
  'Interface design': ['figma', 'sketch', 'framer', 'uizard'],
  Diagramming: ['lucidchart', 'whimsical'],
  CRM: [
    'salesforce',
    'hubspot',
    'pipedrive',
    'zoho-crm',
    'freshsales',
    'close',
    'copper',
    'insightly',
    'nutshell',
    'attio',
    'folk',
    'dynamics-365',
    'sugarcrm',
  ],
  'Contact data': ['apollo', 'zoominfo', 'lusha', 'cognism', 'seamless-ai'],
  'Help desk': [
    'zendesk',
    'intercom',
    'freshdesk',
    'help-scout',
    'front',
    'gorgias',
    'kustomer',
    'gladly',
    'zoho-desk',
    'happyfox',
    'hiver',
    'kayako',
    'reamaze',
    'richpanel',
    'dixa',
    'trengo',
  ],
  'Password managers': ['1password', 'lastpass', 'bitwarden', 'dashlane', 'keeper'],
  'E-signature': ['docusign', 'dropbox-sign', 'signnow', 'adobe-acrobat-sign'],
  'AI assistants': ['chatgpt', 'claude', 'google-gemini', 'microsoft-copilot', 'perplexity', 'xai-grok'],
  'AI coding assistants': ['github-copilot', 'cursor', 'tabnine', 'windsurf'],
  Scheduling: ['calendly', 'doodle', 'savvycal', 'cal-com'],
  'Meeting notes': ['otter', 'fireflies', 'fathom-notetaker', 'tldv', 'read-ai'],
  'Forms and surveys': ['typeform', 'jotform', 'surveymonkey', 'tally'],
  'PDF editors': ['adobe-acrobat', 'smallpdf', 'ilovepdf', 'nitro-pdf', 'foxit'],
  'Writing assistants': ['grammarly', 'quillbot', 'prowritingaid'],
  Automation: ['zapier', 'make', 'n8n', 'ifttt', 'workato', 'tray-ai'],
  'Email marketing': [
    'mailchimp',
    'klaviyo',
    'activecampaign',
    'brevo',
    'constant-contact',
    'campaign-monitor',
    'omnisend',
    'kit',
    'drip',
  ],
  'BI dashboards': [
    'tableau',
    'power-bi',
    'looker',
    'metabase',
    'mode',
    'sigma',
    'thoughtspot',
    'domo',
    'qlik',
    'sisense',
  ],
  'Product analytics': ['mixpanel', 'amplitude', 'heap', 'posthog', 'pendo'],
  'Session replay': [
    'fullstory',
    'hotjar',
    'contentsquare',
    'logrocket',
    'smartlook',
    'mouseflow',
    'lucky-orange',
  ],
  Observability: [
    'datadog',
    'new-relic',
    'dynatrace',
    'splunk',
    'elastic-cloud',
    'grafana-cloud',
    'honeycomb',
    'sumo-logic',
  ],
  'On-call': ['pagerduty', 'opsgenie', 'incident-io', 'firehydrant', 'rootly'],
  'Uptime monitoring': ['pingdom', 'uptimerobot', 'checkly', 'better-stack'],
  'Continuous integration': ['circleci', 'buildkite', 'travis-ci'],
  'Expense management': ['expensify', 'ramp', 'brex', 'navan', 'sap-concur', 'spendesk', 'pleo', 'payhawk'],
  'Performance reviews': ['lattice', 'culture-amp', '15five', 'leapsome', 'workleap'],
  'Online learning': [
    'linkedin-learning',
    'udemy-business',
    'coursera-for-business',
    'pluralsight',
    'oreilly',
  ],
} as const satisfies Record<string, readonly string[]>;

export type CatalogFunction = keyof typeof CATALOG_FUNCTIONS;

const FUNCTIONS_BY_SLUG: ReadonlyMap<string, CatalogFunction[]> = (() => {
  const map = new Map<string, CatalogFunction[]>();
  for (const [fn, slugs] of Object.entries(CATALOG_FUNCTIONS) as Array<
    [CatalogFunction, readonly string[]]
  >) {
    for (const slug of slugs) map.set(slug, [...(map.get(slug) ?? []), fn]);
  }
  return map;
})();

/** The jobs a catalogue application does (Microsoft Teams: team chat and video meetings); [] when none is listed. */
export function catalogFunctionsOf(slug: string): readonly CatalogFunction[] {
  return FUNCTIONS_BY_SLUG.get(slug) ?? [];
}
