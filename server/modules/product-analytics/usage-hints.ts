// What to export so Stackwise learns who uses an application: the admin report that lists each
// user's last activity, read by the usage import (Settings → People → Import usage).
const KNOWN: Array<[RegExp, string]> = [
  [
    /google workspace|g suite/i,
    'Google Admin → Reports → User reports → Apps usage: export the users list with "Last sign in".',
  ],
  [
    /microsoft 365|office 365/i,
    'Microsoft 365 admin center → Reports → Usage → Active users: export with "Last activity date".',
  ],
  [/slack/i, 'Slack admin → Analytics → Members: export the CSV with "Last active".'],
  [/zoom/i, 'Zoom admin → Reports → Usage reports → Active hosts: export with "Last login".'],
  [/figma/i, 'Figma admin → Members: export the list with "Last active".'],
  [
    /github/i,
    'GitHub organization → Insights/Audit log or the "Dormant users" report: export with last activity.',
  ],
  [/jira|confluence|atlassian/i, 'Atlassian admin → Directory → Users: export users with "Last active".'],
  [/notion/i, 'Notion Settings → Members: export members with "Last active".'],
  [/salesforce/i, 'Salesforce Setup → Users: export the user list with "Last Login".'],
  [/hubspot/i, 'HubSpot Settings → Users & Teams: export users with "Last active".'],
];

const GENERIC =
  "Export the application's user list with each person's last activity (its admin console), or a last sign-in report from your identity provider (Okta, Google Workspace, Microsoft Entra).";

export function usageImportHint(applicationName: string): string {
  return KNOWN.find(([pattern]) => pattern.test(applicationName))?.[1] ?? GENERIC;
}
