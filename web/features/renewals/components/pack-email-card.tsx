import { useState } from 'react';
import type { NegotiationPack } from '@common/contracts/benchmarks';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The draft to the vendor's account manager: edited here, copied into the user's own mail. */
export function PackEmailCard({ email }: { email: NegotiationPack['email'] }) {
  const [subject, setSubject] = useState(email.subject);
  const [body, setBody] = useState(email.body);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Draft e-mail to the account manager</CardTitle>
        <CardDescription>
          Edit it as you like, then copy it into your e-mail. Nothing is sent from here.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="pack-email-subject">Subject</Label>
          <Input id="pack-email-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="pack-email-body">Message</Label>
          <Textarea
            id="pack-email-body"
            rows={16}
            className="font-mono text-xs"
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </div>
        <div>
          <CopyButton value={`Subject: ${subject}\n\n${body}`} what="E-mail" label="Copy e-mail" />
        </div>
      </CardContent>
    </Card>
  );
}
