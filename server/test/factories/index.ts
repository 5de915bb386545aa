// The one place for test data: accounts and organizations, applications, people and licenses,
// invitation e-mails, benchmark peers. Tests import '../../test/factories' (or the right depth) and
// nothing deeper.
export * from './accounts';
export * from './invitations';
export * from './licenses';
export * from './peer-orgs';
export * from './inbound-messages';
export * from './builders';
