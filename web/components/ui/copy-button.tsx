import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

interface CopyButtonProps {
  value: string;
  /** What is copied, for the toasts: 'Calendar link' → "Calendar link copied". */
  what: string;
  label?: string;
  disabled?: boolean;
}

/** Copies `value` to the clipboard and says so; where the browser refuses, asks to copy by hand. */
export function CopyButton({ value, what, label = 'Copy', disabled }: CopyButtonProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ variant: 'success', title: `${what} copied` });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy',
        description: `Select the ${what.toLowerCase()} and copy it by hand.`,
      });
    }
  };
  return (
    <Button variant="outline" onClick={() => void copy()} disabled={disabled}>
      <Copy />
      {label}
    </Button>
  );
}
