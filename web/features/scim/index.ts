// SCIM provisioning (issue 21): the card of Settings → Security that makes the identity provider's token.
export { ScimCard } from './components/scim-card';
