// The session feature's public face: other features import only from here (eslint enforces it).
export { getSession, loadSession, seedSessionCaches } from './api/get-session';
