import { Send } from 'lucide-react';
import type { TestChannel } from '@common/alerts';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useSendTestNotification } from '../api/send-test-notification';

const LABELS: Record<TestChannel, string> = {
  'in-app': 'in-app',
  email: 'e-mail',
  slack: 'Slack',
  webhook: 'webhook',
};

/** "Send test" for one channel; the test uses the saved settings. */
export function TestButton({ channel, disabled }: { channel: TestChannel; disabled?: boolean }) {
  const send = useSendTestNotification();
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={disabled || send.isPending}
      onClick={() =>
        send.mutate(channel, {
          onSuccess: (result) =>
            toast({
              variant: result.ok ? 'success' : 'destructive',
              title: result.ok
                ? `Test ${LABELS[channel]} alert sent`
                : `The test ${LABELS[channel]} alert failed`,
              description: result.message,
            }),
          onError: (error) => toastError(`The test ${LABELS[channel]} alert failed`, error),
        })
      }
    >
      <Send />
      Send test
    </Button>
  );
}
