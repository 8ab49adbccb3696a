import {
  type DeliveryZone,
  deliveryAdminMessages,
  formatKina,
  type PickupPoint,
  type PickupPointInput,
  parseKina,
  pngProvinces,
  type SaveDeliveryZonesInput,
  toKinaDecimal,
} from '@bilum/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FieldFrame, fieldAria, inputClass, TextField } from '../../../components/ui/form-field';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { api, ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';

const zonesKey = ['admin', 'delivery-zones'] as const;
const pointsKey = ['admin', 'pickup-points'] as const;

function useZones() {
  return useQuery({
    queryKey: zonesKey,
    queryFn: ({ signal }) => api<{ zones: DeliveryZone[] }>('/admin/delivery-zones', { signal }),
  });
}

function usePickupPoints() {
  return useQuery({
    queryKey: pointsKey,
    queryFn: ({ signal }) => api<{ pickupPoints: PickupPoint[] }>('/admin/pickup-points', { signal }),
  });
}

const failure = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && !error.isNetwork
    ? error.message
    : 'Could not save. Please try again.';

/**
 * /settings, "Delivery" (issue 19, decision 012): the zones (fee in kina, delivery days) with the province each
 * of the 22 is in, and the pickup points shoppers choose from at checkout.
 */
export function DeliverySettingsSection() {
  const headingId = useId();
  const zones = useZones();
  const points = usePickupPoints();
  return (
    <section id="delivery" aria-labelledby={headingId} className="mt-8 flex scroll-mt-6 flex-col gap-6">
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        Delivery
      </h2>
      {zones.isPending ? (
        <Spinner />
      ) : zones.isError ? (
        <ErrorState message={zones.error.message} onRetry={() => void zones.refetch()} />
      ) : (
        <ZonesForm key={zones.dataUpdatedAt} saved={zones.data.zones} />
      )}
      {points.isPending ? (
        <Spinner />
      ) : points.isError ? (
        <ErrorState message={points.error.message} onRetry={() => void points.refetch()} />
      ) : (
        <PickupPoints points={points.data.pickupPoints} />
      )}
    </section>
  );
}

interface ZoneDraft {
  key: string;
  id?: number;
  name: string;
  fee: string;
  days: string;
}

let draftSequence = 0;
const newKey = () => `zone-${++draftSequence}`;

function ZonesForm({ saved }: { saved: DeliveryZone[] }) {
  const client = useQueryClient();
  const [zones, setZones] = useState<ZoneDraft[]>(() =>
    saved.map((zone) => ({
      key: newKey(),
      id: zone.id,
      name: zone.name,
      fee: toKinaDecimal(zone.feeToea),
      days: String(zone.deliveryDays),
    })),
  );
  const [assigned, setAssigned] = useState<Record<string, string>>(() => {
    const byId = new Map(saved.map((zone, index) => [zone.id, zones[index]?.key ?? '']));
    const map: Record<string, string> = {};
    for (const zone of saved) for (const province of zone.provinces) map[province] = byId.get(zone.id) ?? '';
    return map;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const save = useMutation({
    mutationFn: (body: SaveDeliveryZonesInput) =>
      api<{ zones: DeliveryZone[]; message: string }>('/admin/delivery-zones', { method: 'PUT', body }),
    onSuccess: (answer) => {
      client.setQueryData(zonesKey, { zones: answer.zones });
      void client.invalidateQueries({ queryKey: ['delivery', 'options'] });
      toast.success(answer.message);
    },
    onError: (error) => {
      setProblem(failure(error));
      toast.error(failure(error));
    },
  });

  const update = (key: string, change: Partial<ZoneDraft>) =>
    setZones((list) => list.map((zone) => (zone.key === key ? { ...zone, ...change } : zone)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const body: SaveDeliveryZonesInput = { zones: [] };
    for (const zone of zones) {
      const fee = parseKina(zone.fee);
      if (zone.fee.trim().startsWith('-')) return setProblem(`${zone.name}: ${deliveryAdminMessages.feeNegative}`);
      if (fee === null) return setProblem(`${zone.name || 'A zone'}: please enter the fee in kina, e.g. 25.00.`);
      const days = Number(zone.days);
      body.zones.push({
        ...(zone.id ? { id: zone.id } : {}),
        name: zone.name,
        feeToea: fee,
        deliveryDays: Number.isInteger(days) ? days : Number.NaN,
        provinces: pngProvinces.filter((province) => assigned[province] === zone.key),
      });
    }
    save.mutate(body);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Delivery zones"
      aria-describedby={problem ? problemId : undefined}
      className="flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <div>
        <h3 className="font-semibold text-stone-900">Delivery zones</h3>
        <p className="mt-1 text-sm text-stone-600">
          Each province is in one zone; the zone’s fee is charged on delivery there (K0.00 for pickup and for Premium
          members), and its days give the estimated delivery when an order is dispatched.
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {zones.map((zone, index) => (
          <li key={zone.key} className="rounded-lg border border-stone-200 p-3">
            <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_8rem_7rem_auto] sm:items-end">
              <legend className="sr-only">Zone {index + 1}</legend>
              <div className="col-span-2 sm:col-span-1">
                <TextField
                  label="Zone name"
                  value={zone.name}
                  onChange={(event) => update(zone.key, { name: event.target.value })}
                />
              </div>
              <TextField
                label="Fee (K)"
                inputMode="decimal"
                value={zone.fee}
                onChange={(event) => update(zone.key, { fee: event.target.value })}
              />
              <TextField
                label="Days"
                inputMode="numeric"
                value={zone.days}
                onChange={(event) => update(zone.key, { days: event.target.value })}
              />
              <Button
                variant="outline"
                className="col-span-2 sm:col-span-1"
                disabled={zones.length === 1}
                aria-label={`Remove zone ${zone.name || index + 1}`}
                onClick={() => setZones((list) => list.filter((candidate) => candidate.key !== zone.key))}
              >
                Remove
              </Button>
            </fieldset>
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        className="self-start"
        onClick={() => setZones((list) => [...list, { key: newKey(), name: '', fee: '0.00', days: '5' }])}
      >
        Add zone
      </Button>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-900">Provinces</legend>
        <div className="mt-3 grid gap-x-4 gap-y-3 sm:grid-cols-2">
          {pngProvinces.map((province) => (
            <ProvinceZone
              key={province}
              province={province}
              zones={zones}
              value={assigned[province] ?? ''}
              onChange={(key) => setAssigned((map) => ({ ...map, [province]: key }))}
            />
          ))}
        </div>
      </fieldset>
      {problem && (
        <p
          id={problemId}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {problem}
        </p>
      )}
      <Button type="submit" size="lg" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save delivery zones'}
      </Button>
    </form>
  );
}

function ProvinceZone({
  province,
  zones,
  value,
  onChange,
}: {
  province: string;
  zones: ZoneDraft[];
  value: string;
  onChange: (key: string) => void;
}) {
  const id = useId();
  const known = zones.some((zone) => zone.key === value);
  const zone = zones.find((candidate) => candidate.key === value);
  const fee = zone ? parseKina(zone.fee) : null;
  const hint = fee === null ? undefined : fee === 0 ? 'Free delivery' : `${formatKina(fee)} delivery`;
  return (
    <FieldFrame id={id} label={province} hint={hint}>
      <select
        {...fieldAria(id, undefined, hint)}
        className={cn(inputClass, 'pr-8')}
        value={known ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">No zone</option>
        {zones.map((candidate, index) => (
          <option key={candidate.key} value={candidate.key}>
            {candidate.name || `Zone ${index + 1}`}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

const emptyPoint: PickupPointInput = { name: '', address: '', openingHours: '', active: true };

function PickupPoints({ points }: { points: PickupPoint[] }) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
      <div>
        <h3 className="font-semibold text-stone-900">Pickup points</h3>
        <p className="mt-1 text-sm text-stone-600">
          Shoppers who pick up their order choose one of the points that are open. Turn a point off to stop offering it;
          orders keep the name and address they were placed with.
        </p>
      </div>
      {points.length === 0 && <p className="text-sm text-stone-600">No pickup points yet: pickup is not offered.</p>}
      <ul className="flex flex-col gap-3">
        {points.map((point) => (
          <li key={`${point.id}-${point.name}-${point.active}`}>
            <PickupPointForm point={point} />
          </li>
        ))}
      </ul>
      <PickupPointForm />
    </div>
  );
}

function PickupPointForm({ point }: { point?: PickupPoint }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<PickupPointInput>(() =>
    point
      ? { name: point.name, address: point.address, openingHours: point.openingHours, active: point.active }
      : emptyPoint,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const activeId = useId();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: pointsKey });
    void client.invalidateQueries({ queryKey: ['delivery', 'options'] });
  };
  const save = useMutation({
    mutationFn: (body: PickupPointInput) =>
      point
        ? api<{ pickupPoint: PickupPoint }>(`/admin/pickup-points/${point.id}`, { method: 'PUT', body })
        : api<{ pickupPoint: PickupPoint }>('/admin/pickup-points', { method: 'POST', body }),
    onSuccess: () => {
      toast.success(deliveryAdminMessages.pickupSaved);
      if (!point) setDraft(emptyPoint);
      setErrors({});
      refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.issues.length > 0) {
        setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message])));
      }
      toast.error(failure(error));
    },
  });
  const remove = useMutation({
    mutationFn: () => api<{ message: string }>(`/admin/pickup-points/${point?.id}`, { method: 'DELETE' }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      refresh();
    },
    onError: (error) => toast.error(failure(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!draft.name.trim()) missing.name = deliveryAdminMessages.pickupName;
    if (!draft.address.trim()) missing.address = deliveryAdminMessages.pickupAddress;
    if (!draft.openingHours.trim()) missing.openingHours = deliveryAdminMessages.pickupHours;
    setErrors(missing);
    if (Object.keys(missing).length === 0) save.mutate(draft);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={point ? `Pickup point ${point.name}` : 'Add a pickup point'}
      className={cn('grid gap-3 rounded-lg border p-3', point ? 'border-stone-200' : 'border-dashed border-control')}
    >
      {!point && <p className="text-sm font-semibold text-stone-900">Add a pickup point</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Name"
          value={draft.name}
          error={errors.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <TextField
          label="Opening hours"
          value={draft.openingHours}
          error={errors.openingHours}
          placeholder="e.g. Mon-Fri 8:00-17:00"
          onChange={(event) => setDraft({ ...draft, openingHours: event.target.value })}
        />
      </div>
      <TextField
        label="Address"
        value={draft.address}
        error={errors.address}
        onChange={(event) => setDraft({ ...draft, address: event.target.value })}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label htmlFor={activeId} className="flex items-center gap-2 text-sm text-stone-800">
          <input
            id={activeId}
            type="checkbox"
            className="size-5 accent-brand-600"
            checked={draft.active !== false}
            onChange={(event) => setDraft({ ...draft, active: event.target.checked })}
          />
          Offered at checkout
        </label>
        <div className="flex gap-2">
          {point && (
            <Button variant="outline" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Remove
            </Button>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : point ? 'Save' : 'Add pickup point'}
          </Button>
        </div>
      </div>
    </form>
  );
}
