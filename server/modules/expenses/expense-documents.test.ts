import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expenses } from '../../db/schema';
import { api, buildOrgOwner } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { useTestServer } from '../../test/test-server';
import { safeFileName, sniffDocumentType } from '../../lib/document-type';

const server = useTestServer();

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), Buffer.alloc(200, 0x20)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

async function withExpense() {
  const owner = await buildOrgOwner(server.app);
  const client = api(server.app, owner.cookie);
  const expense = (
    await client.post('/api/expenses', { date: '2026-05-01', amountMinor: 1200, merchant: 'NOTION LABS' })
  ).json();
  const attach = (name: string, content: Buffer, type = 'application/pdf') => {
    const part = multipartFile(name, content, type);
    return server.app.inject({
      method: 'POST',
      url: `/api/expenses/${expense.id}/document`,
      payload: part.payload,
      headers: { ...part.headers, cookie: owner.cookie },
    });
  };
  return { owner, client, expense, attach };
}

describe('expense documents', () => {
  it('recognises types from their first bytes', () => {
    expect(sniffDocumentType(PDF)?.type).toBe('application/pdf');
    expect(sniffDocumentType(PNG)?.type).toBe('image/png');
    expect(sniffDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))?.type).toBe('image/jpeg');
    expect(sniffDocumentType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.type).toBe('image/webp');
    expect(sniffDocumentType(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(safeFileName('../../etc/passwd', 'pdf')).toBe('passwd');
    expect(safeFileName('Invoice "März" <2026>.pdf', 'pdf')).toBe('Invoice _M_rz_ _2026_.pdf');
  });

  it('attaches a PDF under the organization folder, serves it back, replaces and removes it', async () => {
    const { owner, client, expense, attach } = await withExpense();
    const response = await attach('INV-2026-05.pdf', PDF);
    expect(response.statusCode).toBe(200);
    expect(response.json().document).toEqual({
      name: 'INV-2026-05.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      url: `/api/expenses/${expense.id}/document`,
    });
    const [row] = await server.database.db.select().from(expenses).where(eq(expenses.id, expense.id));
    expect(row.documentKey?.startsWith(path.join(owner.orgId, 'expenses'))).toBe(true);
    const first = path.join(server.env.filesDir, row.documentKey!);
    expect(existsSync(first)).toBe(true);

    const download = await client.get(`/api/expenses/${expense.id}/document`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''INV-2026-05.pdf`);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    expect((await attach('receipt.png', PNG, 'image/png')).json().document.contentType).toBe('image/png');
    expect(existsSync(first)).toBe(false); // the replaced file is gone
    expect((await client.delete(`/api/expenses/${expense.id}/document`)).statusCode).toBe(204);
    expect((await client.get(`/api/expenses/${expense.id}`)).json().document).toBeNull();
    expect((await client.get(`/api/expenses/${expense.id}/document`)).statusCode).toBe(404);
  });

  it('refuses files whose content is not a document, whatever their name (415), and files over 20 MB (413)', async () => {
    const { client, expense, attach } = await withExpense();
    const fake = await attach('invoice.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().code).toBe('unsupported_media_type');
    const huge = await attach('scan.pdf', Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024, 0x20)]));
    expect(huge.statusCode).toBe(413);
    expect((await client.get(`/api/expenses/${expense.id}`)).json().document).toBeNull();
  });

  it('keeps documents to their organization and deletes the file with the expense', async () => {
    const a = await withExpense();
    const b = await withExpense();
    await a.attach('a.pdf', PDF);
    expect((await b.client.get(`/api/expenses/${a.expense.id}/document`)).statusCode).toBe(404);
    expect((await b.client.delete(`/api/expenses/${a.expense.id}/document`)).statusCode).toBe(404);
    const part = multipartFile('x.pdf', PDF, 'application/pdf');
    const foreign = await server.app.inject({
      method: 'POST',
      url: `/api/expenses/${a.expense.id}/document`,
      payload: part.payload,
      headers: { ...part.headers, cookie: b.owner.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    const [row] = await server.database.db.select().from(expenses).where(eq(expenses.id, a.expense.id));
    const file = path.join(server.env.filesDir, row.documentKey!);
    expect((await a.client.delete(`/api/expenses/${a.expense.id}`)).statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
  });
});
