import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { User } from '@common/contracts/auth';
import { onboardingBody } from '@common/contracts/organizations';
import { Button } from '@/components/ui/button';
import { FormInput } from '@/components/ui/form-input';
import { toastError } from '@/components/ui/toast-error';
import { useSubmitOnboardingStep } from '../api/submit-onboarding-step';

const profileStep = onboardingBody.options[0].omit({ step: true });
type ProfileStepValues = z.input<typeof profileStep>;

export function ProfileStep({ user }: { user: User }) {
  const submitStep = useSubmitOnboardingStep();
  const form = useForm<ProfileStepValues>({
    resolver: zodResolver(profileStep),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, jobTitle: user.jobTitle ?? '' },
  });
  const submit = form.handleSubmit((values) =>
    submitStep.mutate(
      { step: 'profile', ...values, jobTitle: values.jobTitle || undefined },
      {
        onError: (error) => toastError('Could not save your profile', error),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Welcome to Stackwise</h1>
        <p className="text-sm text-muted-foreground">
          First, tell us a little about you. It takes about a minute to get set up.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput form={form} name="firstName" label="First name" autoComplete="given-name" />
        <FormInput form={form} name="lastName" label="Last name" autoComplete="family-name" />
      </div>
      <FormInput
        form={form}
        name="jobTitle"
        label="Job title"
        hint="Optional — helps us tailor tips, e.g. Head of Finance or IT Manager."
        autoComplete="organization-title"
      />
      <Button
        type="submit"
        size="lg"
        disabled={submitStep.isPending}
        className="w-full sm:w-auto sm:justify-self-end"
      >
        Continue
      </Button>
    </form>
  );
}
