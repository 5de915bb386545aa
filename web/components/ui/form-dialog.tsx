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

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  submitLabel: ReactNode;
  destructive?: boolean;
  pending: boolean;
  /** The dialog's react-hook-form `handleSubmit(...)`. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The schema checks the fields, not the browser (forms whose inputs carry no browser limits they need). */
  noValidate?: boolean;
  /** The dialog's width and the like. */
  className?: string;
  /** Shown above the form (e.g. quick choices that act at once). */
  before?: ReactNode;
  /** Shown below the form, outside it (e.g. a part with its own Save). */
  after?: ReactNode;
  children: ReactNode;
}

/** A dialog that is one form: title, what it is for, the fields, then Cancel and the action. */
export function FormDialog(props: FormDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className={props.className}>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {props.before}
        <form className="grid gap-4" onSubmit={props.onSubmit} noValidate={props.noValidate}>
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
        {props.after}
      </DialogContent>
    </Dialog>
  );
}
