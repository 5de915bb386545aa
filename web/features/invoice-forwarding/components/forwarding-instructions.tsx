import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

const Code = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{children}</code>
);
const Ui = ({ children }: { children: ReactNode }) => <strong className="font-medium">{children}</strong>;

function Steps({ children }: { children: ReactNode }) {
  return <ol className="ml-5 grid list-decimal gap-2 text-sm marker:text-muted-foreground">{children}</ol>;
}

/** How to make Gmail or Outlook forward invoices to the address automatically. */
export function ForwardingInstructions({ address }: { address: string }) {
  return (
    <Card className="grid gap-4 p-6">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">Forward invoices automatically</h3>
        <p className="text-sm text-muted-foreground">
          Forward single invoices to the address by hand at any time, or let your mailbox do it for every
          invoice that arrives.
        </p>
      </div>
      <Tabs defaultValue="gmail">
        <TabsList>
          <TabsTrigger value="gmail">Gmail / Google Workspace</TabsTrigger>
          <TabsTrigger value="outlook">Outlook / Microsoft 365</TabsTrigger>
        </TabsList>
        <TabsContent value="gmail" className="grid gap-3">
          <Steps>
            <li>
              In Gmail on the web, click the gear icon, then <Ui>See all settings</Ui>.
            </li>
            <li>
              Open the <Ui>Forwarding and POP/IMAP</Ui> tab and click <Ui>Add a forwarding address</Ui>. Enter{' '}
              <Code>{address}</Code>, then <Ui>Next</Ui> → <Ui>Proceed</Ui> → <Ui>OK</Ui>.
            </li>
            <li>
              Gmail sends a confirmation message to that address. It appears at the top of this page within a
              minute: open its confirmation link, or enter its code in Gmail under{' '}
              <Ui>Forwarding and POP/IMAP</Ui> and click <Ui>Verify</Ui>.
            </li>
            <li>
              Leave <Ui>Disable forwarding</Ui> selected there (forwarding every message is not needed) and
              create a filter instead: click <Ui>Show search options</Ui> in the search bar, enter{' '}
              <Code>from:(billing OR invoice OR receipt)</Code> in <Ui>Has the words</Ui>, then click{' '}
              <Ui>Create filter</Ui>.
            </li>
            <li>
              Tick <Ui>Forward it to</Ui>, choose <Code>{address}</Code> and click <Ui>Create filter</Ui>. Add
              vendors that bill from other addresses with more filters, e.g.{' '}
              <Code>from:(@stripe.com OR @paddle.com)</Code>.
            </li>
          </Steps>
          <p className="text-xs text-muted-foreground">
            Google Workspace: if <Ui>Add a forwarding address</Ui> is missing, an administrator must allow it
            in the Admin console under Apps → Google Workspace → Gmail → End User Access →{' '}
            <Ui>Allow users to automatically forward incoming email to another address</Ui>.
          </p>
        </TabsContent>
        <TabsContent value="outlook" className="grid gap-3">
          <Steps>
            <li>
              In Outlook on the web (or the new Outlook for Windows), click the gear icon to open{' '}
              <Ui>Settings</Ui>, then <Ui>Mail</Ui> → <Ui>Rules</Ui>.
            </li>
            <li>
              Click <Ui>Add new rule</Ui> and give it a name, such as “Invoices to Stackwise”.
            </li>
            <li>
              Under <Ui>Add a condition</Ui>, choose <Ui>Subject or body includes</Ui> and add{' '}
              <Code>invoice</Code>, <Code>receipt</Code> and <Code>billing</Code> (or choose <Ui>From</Ui> and
              list your vendors’ billing addresses).
            </li>
            <li>
              Under <Ui>Add an action</Ui>, choose <Ui>Forward to</Ui> and enter <Code>{address}</Code>. Click{' '}
              <Ui>Save</Ui>.
            </li>
          </Steps>
          <p className="text-xs text-muted-foreground">
            Microsoft 365 blocks automatic forwarding to outside addresses by default. If forwarded invoices
            never arrive, an administrator must allow it in the Microsoft 365 Defender portal: Email &amp;
            collaboration → Policies &amp; rules → Threat policies → Anti-spam → the outbound spam filter
            policy → <Ui>Automatic forwarding rules</Ui>: <Ui>On – Forwarding is enabled</Ui> (for everyone,
            or a policy for the mailboxes that receive invoices).
          </p>
        </TabsContent>
      </Tabs>
    </Card>
  );
}
