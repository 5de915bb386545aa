import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Form fields as the SDK encodes them, e.g. `line_items[0][price]`. */
  form: Record<string, string>;
}

export interface FakeStripe {
  /** Env variables pointing the Stripe SDK at this server. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  /** The next request answers with this Stripe error. */
  failNext(status: number, message: string): void;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  res.end(JSON.stringify(body));
};

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  const form: Record<string, string> = Object.fromEntries(query);
  for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString())) form[key] = value;
  return form;
}

/**
 * A local HTTP server standing in for api.stripe.com in tests: it answers the few calls the
 * billing module makes, with the shapes the real API returns, and records every request.
 */
export async function startFakeStripe(extraEnv: Record<string, string> = {}): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  let failure: { status: number; message: string } | null = null;
  let counter = 0;

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const form = await readForm(req);
    const method = req.method ?? 'GET';
    requests.push({ method, path, form });
    if (failure) {
      const { status, message } = failure;
      failure = null;
      return json(res, status, { error: { type: 'invalid_request_error', message } });
    }
    counter += 1;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${counter}`;
      return json(res, 200, {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
      });
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return json(res, 200, {
        id: `bps_${counter}`,
        object: 'billing_portal.session',
        url: `https://billing.stripe.test/p/session/${counter}`,
      });
    }
    const customer = path.match(/^\/v1\/customers\/([^/]+)$/);
    if (method === 'GET' && customer) {
      return json(res, 200, {
        id: customer[1],
        object: 'customer',
        invoice_settings: {
          default_payment_method: {
            id: 'pm_1',
            object: 'payment_method',
            type: 'card',
            card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
          },
        },
      });
    }
    if (method === 'GET' && path === '/v1/invoices') {
      return json(res, 200, {
        object: 'list',
        has_more: false,
        url: '/v1/invoices',
        data: [
          {
            id: 'in_1',
            object: 'invoice',
            number: 'SW-0001',
            status: 'paid',
            amount_due: 4900,
            amount_paid: 4900,
            currency: 'usd',
            created: 1_767_225_600,
            hosted_invoice_url: 'https://invoice.stripe.test/i/in_1',
            invoice_pdf: 'https://invoice.stripe.test/i/in_1/pdf',
          },
        ],
      });
    }
    const subscription = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (subscription && (method === 'DELETE' || method === 'POST')) {
      return json(res, 200, {
        id: subscription[1],
        object: 'subscription',
        status: method === 'DELETE' ? 'canceled' : 'trialing',
        cancel_at_period_end: form.cancel_at_period_end === 'true',
      });
    }
    return json(res, 404, {
      error: { type: 'invalid_request_error', message: `No such route: ${method} ${path}` },
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
      ...extraEnv,
    },
    requests,
    failNext(status, message) {
      failure = { status, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
