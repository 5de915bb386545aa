import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { insightCommentBody, type InsightDetail } from '@common/contracts/insights';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { formatRelative } from '@/lib/format';
import { useAddInsightComment } from '../api/add-insight-comment';

/** The discussion on an opportunity, oldest first, and a box to add to it. */
export function InsightComments({ insight, canWrite }: { insight: InsightDetail; canWrite: boolean }) {
  const add = useAddInsightComment(insight.id);
  const form = useForm<z.input<typeof insightCommentBody>, unknown, z.output<typeof insightCommentBody>>({
    resolver: zodResolver(insightCommentBody),
    defaultValues: { body: '' },
  });
  const error = form.formState.errors.body?.message;
  const post = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (err) => form.setError('body', { message: errorMessage(err) }),
    }),
  );

  return (
    <div className="grid gap-4">
      {insight.comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Comments">
          {insight.comments.map((comment) => (
            <li key={comment.id} className="grid gap-1 rounded-md bg-muted/50 p-3 text-sm">
              <p className="text-xs text-muted-foreground">
                <span className="font-medium text-foreground">
                  {comment.author?.name ?? 'Someone who left'}
                </span>
                {' · '}
                <time
                  dateTime={comment.createdAt}
                  title={new Date(comment.createdAt).toLocaleString('en-US')}
                >
                  {formatRelative(comment.createdAt)}
                </time>
              </p>
              <p className="whitespace-pre-wrap">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      {canWrite && (
        <form className="grid gap-2" onSubmit={post}>
          <Label htmlFor="insight-comment">Add a comment</Label>
          <Textarea
            id="insight-comment"
            maxLength={4000}
            {...form.register('body')}
            placeholder="What you found, who you asked, what is next"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'insight-comment-error' : undefined}
            className="min-h-20"
          />
          {error && (
            <p id="insight-comment-error" role="alert" className="text-xs font-medium text-destructive">
              {error}
            </p>
          )}
          <div>
            <Button type="submit" size="sm" disabled={add.isPending}>
              {add.isPending ? 'Posting…' : 'Post comment'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
