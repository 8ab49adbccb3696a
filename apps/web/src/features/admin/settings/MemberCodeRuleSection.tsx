import { type MemberCodeRule, memberCodeRuleLabels } from '@bilum/shared';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { optionsFrom, RadioList } from '../../../components/ui/radio-list';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { useMemberCodeRule, useSaveMemberCodeRule } from './settings.api';

/** /settings, "Discount codes and member prices" (issue 30, decision 040): how a code meets a member's prices. */
export function MemberCodeRuleSection() {
  const rule = useMemberCodeRule();
  const headingId = useId();
  return (
    <section id="discount-codes" aria-labelledby={headingId} className="mt-8 scroll-mt-6">
      <h2 id={headingId} className="mb-3 text-lg font-bold text-stone-900">
        Discount codes and member prices
      </h2>
      {rule.isPending ? (
        <Spinner />
      ) : rule.isError ? (
        <ErrorState message={rule.error.message} onRetry={() => void rule.refetch()} />
      ) : (
        <MemberCodeRuleForm key={rule.dataUpdatedAt} saved={rule.data.rule} />
      )}
    </section>
  );
}

function MemberCodeRuleForm({ saved }: { saved: MemberCodeRule }) {
  const save = useSaveMemberCodeRule();
  const [value, setValue] = useState(saved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { rule: value },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (error) => toast.error(error.message),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <p className="text-sm text-stone-600">
        A Premium member already pays 10% less. When a member enters a discount code, the shop can give each product the
        lower of the two prices, or take the code off the member price as well.
      </p>
      <RadioList
        legend="When a member uses a code"
        name="member-code-rule"
        options={optionsFrom(memberCodeRuleLabels)}
        value={value}
        onChange={setValue}
        className="[&>div]:grid-cols-1"
      />
      <Button type="submit" disabled={save.isPending || value === saved} className="self-end">
        {save.isPending ? 'Saving…' : 'Save rule'}
      </Button>
    </form>
  );
}
