import { inCategory, perUser } from '../define';

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
  },
  {
    slug: 'harvest',
    name: 'Harvest',
    vendor: 'Harvest',
    domain: 'getharvest.com',
    description: 'Time tracking, expenses and invoicing.',
    aliases: ['HARVEST', 'GETHARVEST', 'IRIDESCO'],
    prices: [...perUser('Pro', 1375, 12 * 1100)],
  },
  {
    slug: 'hubstaff',
    name: 'Hubstaff',
    vendor: 'Hubstaff',
    domain: 'hubstaff.com',
    description: 'Time tracking and workforce analytics for remote teams.',
    aliases: ['HUBSTAFF'],
  },
  {
    slug: 'time-doctor',
    name: 'Time Doctor',
    vendor: 'Time Doctor',
    domain: 'timedoctor.com',
    description: 'Time tracking and productivity analytics.',
    aliases: ['TIME DOCTOR', 'TIMEDOCTOR'],
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
