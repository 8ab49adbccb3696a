import { toast } from 'sonner';
import { Button } from '../../components/ui/button';

/** The 10 recovery codes, shown once after enrolment or after making new ones. */
export function RecoveryCodesPanel({ codes }: { codes: string[] }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('Could not copy: please write the codes down.');
    }
  }
  return (
    <section aria-labelledby="recovery-codes-title" className="flex flex-col gap-3">
      <h2 id="recovery-codes-title" className="text-lg font-semibold text-stone-900">
        Your recovery codes
      </h2>
      <p className="text-sm text-stone-700">
        If you lose your phone, sign in with one of these codes instead of the 6-digit code. Each code works once. Keep
        them somewhere safe, away from your phone: <strong>they are shown only now.</strong>
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-stone-300 bg-stone-50 p-3 font-mono text-base text-stone-900"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <Button type="button" variant="outline" onClick={() => void copy()} className="self-start">
        Copy the codes
      </Button>
    </section>
  );
}
