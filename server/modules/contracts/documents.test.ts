import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTRACT_DOCUMENT_MAX_BYTES } from '../../../common/contracts/contracts';
import { contractDocuments } from '../../db/schema';
import { addMember, api, buildOrgOwner, buildSubscription, setPlan } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { sampleFiles } from '../../test/sample-files';
import { useTestServer } from '../../test/test-server';

const server = useTestServer();

async function orgWithContract() {
  const owner = await buildOrgOwner(server.app);
  await setPlan(server.database.db, owner.orgId, 'pro');
  const sub = await buildSubscription(server.database.db, owner.orgId);
  const client = api(server.app, owner.cookie);
  const contract = (
    await client.post(`/api/subscriptions/${sub.id}/contracts`, {
      title: 'Order form',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    })
  ).json();
  return { owner, client, contract };
}

function upload(cookie: string, contractId: string, fileName: string, content: Buffer, contentType?: string) {
  const body = multipartFile(fileName, content, contentType);
  return server.app.inject({
    method: 'POST',
    url: `/api/contracts/${contractId}/documents`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

const orgFiles = (orgId: string) => {
  const dir = path.join(server.env.filesDir, orgId);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('contract documents', () => {
  it('stores every accepted type by its bytes and downloads it as an attachment', async () => {
    const { owner, client, contract } = await orgWithContract();
    for (const [name, file] of Object.entries(sampleFiles)) {
      // The browser's claimed type is ignored: everything is sent as octet-stream.
      const response = await upload(owner.cookie, contract.id, name, file.content);
      expect(response.statusCode, name).toBe(201);
      expect(response.json()).toMatchObject({
        fileName: name,
        contentType: file.contentType,
        sizeBytes: file.content.length,
      });
    }
    const docs = (await client.get(`/api/contracts/${contract.id}`)).json().documents;
    expect(docs).toHaveLength(Object.keys(sampleFiles).length);
    expect(orgFiles(owner.orgId)).toHaveLength(docs.length);

    const pdf = docs.find((d: { fileName: string }) => d.fileName === 'contract.pdf');
    const download = await client.get(`/api/contracts/${contract.id}/documents/${pdf.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="contract.pdf"; filename*=UTF-8''contract.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(sampleFiles['contract.pdf'].content)).toBe(true);
  });

  it('keeps the display name but never uses it as a path', async () => {
    const { owner, contract } = await orgWithContract();
    const response = await upload(
      owner.cookie,
      contract.id,
      '../../../evil/contract.pdf',
      sampleFiles['contract.pdf'].content,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().fileName).toBe('contract.pdf');
    const [row] = await server.database.db
      .select()
      .from(contractDocuments)
      .where(eq(contractDocuments.id, response.json().id));
    expect(orgFiles(owner.orgId)).toEqual([row.storageKey]);
  });

  it('refuses other types, mismatched extensions and empty files (415/400) without storing anything', async () => {
    const { owner, client, contract } = await orgWithContract();
    const cases: Array<[string, Buffer, number]> = [
      ['setup.exe', Buffer.from('MZ\x90\x00binary'), 415],
      ['page.html', Buffer.from('<html><script>alert(1)</script></html>'), 415],
      ['report.pdf', sampleFiles['scan.png'].content, 415],
      ['archive.docx', Buffer.from('PK\x03\x04plain zip'), 415],
      ['empty.pdf', Buffer.alloc(0), 400],
    ];
    for (const [name, content, status] of cases) {
      const response = await upload(owner.cookie, contract.id, name, content, 'application/pdf');
      expect(response.statusCode, name).toBe(status);
    }
    expect((await client.get(`/api/contracts/${contract.id}`)).json().documents).toEqual([]);
    expect(orgFiles(owner.orgId)).toEqual([]);
  });

  it('refuses files over 20 MB with 413 and leaves no partial file', async () => {
    const { owner, contract } = await orgWithContract();
    const big = Buffer.alloc(CONTRACT_DOCUMENT_MAX_BYTES + 1, 0x20);
    big.write('%PDF-1.7\n');
    const response = await upload(owner.cookie, contract.id, 'huge.pdf', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payload_too_large');
    expect(orgFiles(owner.orgId)).toEqual([]);
    const exact = Buffer.alloc(CONTRACT_DOCUMENT_MAX_BYTES, 0x20);
    exact.write('%PDF-1.7\n');
    expect((await upload(owner.cookie, contract.id, 'max.pdf', exact)).statusCode).toBe(201);
  });

  it('needs a multipart body with a file', async () => {
    const { client, contract } = await orgWithContract();
    const response = await client.post(`/api/contracts/${contract.id}/documents`, { file: 'x' });
    expect(response.statusCode).toBe(415);
  });

  it("hides another tenant's documents (404) and lets only members download", async () => {
    const a = await orgWithContract();
    const b = await orgWithContract();
    const doc = (
      await upload(b.owner.cookie, b.contract.id, 'contract.pdf', sampleFiles['contract.pdf'].content)
    ).json();
    expect((await a.client.get(`/api/contracts/${b.contract.id}/documents/${doc.id}`)).statusCode).toBe(404);
    // Their document id under our own contract is not found either.
    expect((await a.client.get(`/api/contracts/${a.contract.id}/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await a.client.delete(`/api/contracts/${b.contract.id}/documents/${doc.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await upload(a.owner.cookie, b.contract.id, 'x.pdf', sampleFiles['contract.pdf'].content)).statusCode,
    ).toBe(404);
    const signedOut = await server.app.inject({
      method: 'GET',
      url: `/api/contracts/${b.contract.id}/documents/${doc.id}`,
    });
    expect(signedOut.statusCode).toBe(401);
    const viewer = await addMember(server.app, server.database.db, b.owner.orgId, 'viewer');
    expect(
      (await api(server.app, viewer.cookie).get(`/api/contracts/${b.contract.id}/documents/${doc.id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await upload(viewer.cookie, b.contract.id, 'y.pdf', sampleFiles['contract.pdf'].content)).statusCode,
    ).toBe(403);
    expect(orgFiles(b.owner.orgId)).toHaveLength(1);
  });

  it('deletes a document and its file; deleting the contract removes the rest', async () => {
    const { owner, client, contract } = await orgWithContract();
    const first = (
      await upload(owner.cookie, contract.id, 'a.pdf', sampleFiles['contract.pdf'].content)
    ).json();
    await upload(owner.cookie, contract.id, 'b.png', sampleFiles['scan.png'].content);
    expect((await client.delete(`/api/contracts/${contract.id}/documents/${first.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/contracts/${contract.id}/documents/${first.id}`)).statusCode).toBe(404);
    expect(orgFiles(owner.orgId)).toHaveLength(1);
    expect((await client.delete(`/api/contracts/${contract.id}`)).statusCode).toBe(204);
    expect(orgFiles(owner.orgId)).toEqual([]);
  });
});
