import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** The dialog's react-hook-form `handleSubmit(...)`. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Shown above the form (e.g. quick choices that act at once). */
  before?: ReactNode;
  children: ReactNode;
}

/** The frame of every dialog on an opportunity: title, why, the form, Cancel and the action. */
export function InsightDialogForm(props: Props) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {props.before}
        <form className="grid gap-4" onSubmit={props.onSubmit}>
          {props.children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={props.destructive ? 'destructive' : 'default'}
              disabled={props.pending}
            >
              {props.submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
