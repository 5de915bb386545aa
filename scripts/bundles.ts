import { ensureServerBundle } from './server-bundle';
import { ensureWebBundle } from './web-bundle';

// `npm start` runs this first: the web app and the server, each rebuilt only when its sources changed.
ensureWebBundle();
await ensureServerBundle();
