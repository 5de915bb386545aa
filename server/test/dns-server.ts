import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as dnsPacket from 'dns-packet';

const NXDOMAIN = 3;

/**
 * A DNS server on loopback (UDP, a free port) that answers the TXT records a test registers and
 * NXDOMAIN for every other name. Point the app at it with DNS_SERVERS=`server.address`.
 */
export async function startDnsServer() {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    const values = question && question.type === 'TXT' ? records.get(question.name.toLowerCase()) : undefined;
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (values ? 0 : NXDOMAIN),
      questions: query.questions,
      answers: (values ?? []).map((data) => ({ type: 'TXT' as const, name: question!.name, ttl: 1, data })),
    });
    socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    /** For DNS_SERVERS. */
    address: `127.0.0.1:${port}`,
    /** Sets (replaces) the TXT values of a name; an empty list removes it. */
    setTxt(name: string, values: string[]) {
      if (values.length) records.set(name.toLowerCase(), values);
      else records.delete(name.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
