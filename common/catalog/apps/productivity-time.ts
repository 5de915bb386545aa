import { inCategory, perUser, unconfirmed } from '../define';

// Time tracking and timesheets.
export const PRODUCTIVITY_TIME_APPS = inCategory('Productivity', [
  {
    slug: 'toggl-track',
    name: 'Toggl Track',
    vendor: 'Toggl',
    domain: 'toggl.com',
    iconSlug: 'toggltrack',
    description: 'Time tracking and reporting for teams.',
    aliases: ['TOGGL', 'TOGGL TRACK', 'TOGGL OU'],
    pricing: {
      source: 'https://toggl.com/track/pricing/',
      observedOn: null,
      checkedOn: '2026-11-27',
      confirmed: false,
    },
    prices: [...perUser('Starter', 1000, 12 * 900), ...perUser('Premium', 2000, 12 * 1800)],
  },
  {
    slug: 'clockify',
    name: 'Clockify',
    vendor: 'CAKE.com',
    domain: 'clockify.me',
    iconSlug: 'clockify',
    description: 'Time tracker and timesheets with a free tier.',
    aliases: ['CLOCKIFY', 'CLOCKIFY.ME'],
    pricing: {
      source: 'https://clockify.me/pricing',
      observedOn: null,
      checkedOn: '2026-11-27',
      confirmed: false,
    },
    prices: [
      ...perUser('Basic', 499, 12 * 399),
      ...perUser('Standard', 699, 12 * 549),
      ...perUser('Pro', 999, 12 * 799),
      ...perUser('Enterprise', 1499, 12 * 1199),
    ],
  },
  {
    slug: 'harvest',
    name: 'Harvest',
    vendor: 'Harvest',
    domain: 'getharvest.com',
    description: 'Time tracking, expenses and invoicing.',
    aliases: ['HARVEST', 'GETHARVEST', 'IRIDESCO'],
    pricing: {
      source:
        'https://raw.githubusercontent.com/api-evangelist/harvest/refs/heads/main/plans/harvest-plans-pricing.yml',
      observedOn: '2026-09-20',
      checkedOn: '2026-12-02',
      confirmed: true,
    },
    prices: [...perUser('Teams', 1100, 12 * 900), ...perUser('Enterprise', null, 12 * 1400)],
  },
  {
    slug: 'hubstaff',
    name: 'Hubstaff',
    vendor: 'Hubstaff',
    domain: 'hubstaff.com',
    description: 'Time tracking and workforce analytics for remote teams.',
    aliases: ['HUBSTAFF'],
    pricing: {
      source:
        'https://raw.githubusercontent.com/api-evangelist/hubstaff/refs/heads/main/finops/hubstaff-finops.yml',
      observedOn: '2026-07-11',
      checkedOn: '2026-12-02',
      confirmed: true,
    },
    prices: [
      ...unconfirmed(perUser('Grow', 900, 12 * 750)),
      ...unconfirmed(perUser('Team', 1200, null)),
      ...perUser('Team', null, 12 * 1000),
    ],
  },
  {
    slug: 'time-doctor',
    name: 'Time Doctor',
    vendor: 'Time Doctor',
    domain: 'timedoctor.com',
    description: 'Time tracking and productivity analytics.',
    aliases: ['TIME DOCTOR', 'TIMEDOCTOR'],
    pricing: {
      source: 'https://www.timedoctor.com/pricing',
      observedOn: null,
      checkedOn: '2026-11-27',
      confirmed: false,
    },
    prices: [
      ...perUser('Basic', 700, 12 * 590),
      ...perUser('Standard', 1000, 12 * 840),
      ...perUser('Premium', 2000, 12 * 1670),
    ],
  },
  {
    slug: 'rescuetime',
    name: 'RescueTime',
    vendor: 'RescueTime',
    domain: 'rescuetime.com',
    iconSlug: 'rescuetime',
    description: 'Automatic time tracking and focus reports.',
    aliases: ['RESCUETIME'],
  },
]);
