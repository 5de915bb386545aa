import { SCIM_SCHEMAS } from '../../../common/contracts/scim';

/** RFC 7644 §3.12 detail error keywords this server uses. */
type ScimType =
  'uniqueness' | 'invalidFilter' | 'invalidValue' | 'invalidSyntax' | 'invalidPath' | 'noTarget';

/** A failure answered in the SCIM Error schema (identity providers read `status`, `scimType`, `detail`). */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }

  get body() {
    return {
      schemas: [SCIM_SCHEMAS.error],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.detail,
    };
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const scimNotFound = (what: string, id: string) => new ScimError(404, `${what} ${id} not found.`);
