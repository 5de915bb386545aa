// The sso module's public face: other modules import only from here (eslint enforces it).
// The SAML protocol (./saml) plugs into ./protocols and ends its sign-in with completeSsoSignIn.
export { ssoEnforcementFor } from './enforcement';
