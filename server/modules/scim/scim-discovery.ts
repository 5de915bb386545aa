import { SCIM_MAX_RESULTS, SCIM_SCHEMAS } from '../../../common/contracts/scim';

// RFC 7643 §5–7: what this server supports, for identity providers that read it before syncing.

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/app/settings/security`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'The SCIM token generated in Stackwise under Settings → Security.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string) {
  return [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person of the People directory',
      schema: SCIM_SCHEMAS.user,
      schemaExtensions: [{ schema: SCIM_SCHEMAS.enterpriseUser, required: false }],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A group pushed by the identity provider',
      schema: SCIM_SCHEMAS.group,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

const attr = (
  name: string,
  options: {
    type?: string;
    multiValued?: boolean;
    required?: boolean;
    uniqueness?: string;
    subAttributes?: unknown[];
    description?: string;
  } = {},
) => ({
  name,
  type: options.type ?? 'string',
  multiValued: options.multiValued ?? false,
  description: options.description ?? name,
  required: options.required ?? false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: options.uniqueness ?? 'none',
  ...(options.subAttributes ? { subAttributes: options.subAttributes } : {}),
});

export function schemas(baseUrl: string) {
  const schema = (id: string, name: string, attributes: unknown[]) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id,
    name,
    description: name,
    attributes,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  return [
    schema(SCIM_SCHEMAS.user, 'User', [
      attr('userName', { required: true, uniqueness: 'server', description: 'The e-mail address' }),
      attr('name', {
        type: 'complex',
        subAttributes: [attr('givenName'), attr('familyName'), attr('formatted')],
      }),
      attr('displayName'),
      attr('emails', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attr('value'), attr('type'), attr('primary', { type: 'boolean' })],
      }),
      attr('title'),
      attr('active', { type: 'boolean', description: 'false offboards the person' }),
      attr('externalId'),
    ]),
    schema(SCIM_SCHEMAS.enterpriseUser, 'EnterpriseUser', [
      attr('department'),
      attr('manager', { type: 'complex', subAttributes: [attr('value'), attr('displayName')] }),
    ]),
    schema(SCIM_SCHEMAS.group, 'Group', [
      attr('displayName', { required: true, uniqueness: 'server' }),
      attr('members', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attr('value'), attr('display')],
      }),
      attr('externalId'),
    ]),
  ];
}
