import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPlan } from '@exhale/contract/admin';
import { usePlans, useSavePlan } from '../api';
import { Badge, Cell } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import {
  CheckboxField,
  FormFooter,
  numberOrNull,
  saveHandlers,
  SelectField,
  TextAreaField,
  TextField,
  useServerErrors,
} from '../components/form-controls';
import { EditButton } from '../components/row-actions';
import { formatPaise } from '../format';

type DurationType = AdminPlan['duration_type'];

function PlanForm({ plan, onDone }: { plan?: AdminPlan; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSavePlan();
  const errors = useServerErrors();
  const [code, setCode] = useState(plan?.code ?? '');
  const [name, setName] = useState(plan?.name ?? '');
  const [description, setDescription] = useState(plan?.description ?? '');
  const [price, setPrice] = useState(plan ? String(plan.price) : '');
  const [specialPrice, setSpecialPrice] = useState(
    plan?.special_price === null || plan?.special_price === undefined
      ? ''
      : String(plan.special_price),
  );
  const [features, setFeatures] = useState((plan?.features ?? []).join('\n'));
  const [duration, setDuration] = useState(String(plan?.duration ?? 0));
  const [durationType, setDurationType] = useState<DurationType>(plan?.duration_type ?? 'lifetime');
  const [active, setActive] = useState(plan?.active ?? true);

  function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    const body = {
      code,
      name,
      description,
      price: Number(price),
      special_price: numberOrNull(specialPrice),
      features: features
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      duration: Number(duration),
      duration_type: durationType,
      active,
    };
    save.mutate({ id: plan?._id, body }, saveHandlers(errors, t('plans.saved'), onDone));
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('plans.code')}
        value={code}
        onChange={setCode}
        required
        hint={t('plans.codeHint')}
        error={errors.of('code')}
      />
      <TextField
        label={t('plans.name')}
        value={name}
        onChange={setName}
        required
        error={errors.of('name')}
      />
      <TextAreaField
        label={t('plans.description')}
        value={description}
        onChange={setDescription}
        rows={3}
        error={errors.of('description')}
        className="sm:col-span-2"
      />
      <TextField
        label={t('plans.price')}
        type="number"
        min={0}
        step="0.01"
        value={price}
        onChange={setPrice}
        required
        error={errors.of('price')}
      />
      <TextField
        label={t('plans.specialPrice')}
        type="number"
        min={0}
        step="0.01"
        value={specialPrice}
        onChange={setSpecialPrice}
        hint={t('plans.specialPriceHint')}
        error={errors.of('special_price')}
      />
      <TextField
        label={t('plans.duration')}
        type="number"
        min={0}
        value={duration}
        onChange={setDuration}
        hint={t('plans.durationHint')}
        error={errors.of('duration')}
      />
      <SelectField
        label={t('plans.durationType')}
        value={durationType}
        onChange={setDurationType}
        options={(['day', 'month', 'year', 'lifetime'] as const).map((value) => ({
          value,
          label: t(`plans.durationTypes.${value}`),
        }))}
        error={errors.of('duration_type')}
      />
      <TextAreaField
        label={t('plans.features')}
        value={features}
        onChange={setFeatures}
        rows={4}
        hint={t('plans.featuresHint')}
        error={errors.of('features')}
        className="sm:col-span-2"
      />
      <CheckboxField label={t('plans.active')} checked={active} onChange={setActive} />
      <FormFooter
        errors={errors.errors}
        shown={[
          'code',
          'name',
          'description',
          'price',
          'special_price',
          'features',
          'duration',
          'duration_type',
        ]}
        pending={save.isPending}
        className="sm:col-span-2"
      />
    </form>
  );
}

export function PlansPage() {
  const { t } = useTranslation('admin');
  const plans = usePlans();
  return (
    <EditableListPage
      title={t('plans.heading')}
      description={t('plans.intro')}
      newLabel={t('plans.new')}
      editTitle={t('plans.edit')}
      dialogClassName="max-w-2xl"
      list={plans}
      head={[
        t('plans.name'),
        t('plans.code'),
        t('plans.price'),
        t('plans.specialPrice'),
        t('plans.duration'),
        t('plans.status'),
        t('common.actions'),
      ]}
      row={(plan, edit) => (
        <tr key={plan._id}>
          <Cell className="font-medium">{plan.name}</Cell>
          <Cell>{plan.code}</Cell>
          <Cell>{formatPaise(plan.price_paise)}</Cell>
          <Cell>
            {plan.special_price_paise === null ? '—' : formatPaise(plan.special_price_paise)}
          </Cell>
          <Cell>
            {plan.duration_type === 'lifetime'
              ? t('plans.durationTypes.lifetime')
              : `${plan.duration} ${t(`plans.durationTypes.${plan.duration_type}`)}`}
          </Cell>
          <Cell>
            {plan.active ? (
              <Badge tone="good">{t('plans.onSale')}</Badge>
            ) : (
              <Badge>{t('plans.offSale')}</Badge>
            )}
          </Cell>
          <Cell>
            <EditButton name={plan.name} onClick={edit} />
          </Cell>
        </tr>
      )}
      form={(plan, done) => <PlanForm plan={plan} onDone={done} />}
    />
  );
}
