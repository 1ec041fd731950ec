import { useTranslation } from 'react-i18next';
import {
  adminPlanCreateSchema,
  adminPlanUpdateSchema,
  type AdminPlan,
} from '@exhale/contract/admin';
import { usePlans, useSavePlan } from '../api';
import {
  AdminForm,
  FormCheckboxField,
  FormFooter,
  FormSelectField,
  FormTextAreaField,
  FormTextField,
  useAdminForm,
} from '../components/admin-form';
import { Badge, Cell } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import { EditButton } from '../components/row-actions';
import { formatPaise } from '../format';
import { lines, numberOrNull } from '../form-values';

interface PlanValues {
  code: string;
  name: string;
  description: string;
  price: string;
  special_price: string;
  /** One feature a line. */
  features: string;
  duration: string;
  duration_type: AdminPlan['duration_type'];
  active: boolean;
}

const toBody = (values: PlanValues) => ({
  ...values,
  price: Number(values.price),
  special_price: numberOrNull(values.special_price),
  features: lines(values.features),
  duration: Number(values.duration),
});

function PlanForm({ plan, onDone }: { plan?: AdminPlan; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSavePlan();
  const { form, onSubmit } = useAdminForm({
    schema: plan ? adminPlanUpdateSchema : adminPlanCreateSchema,
    defaultValues: {
      code: plan?.code ?? '',
      name: plan?.name ?? '',
      description: plan?.description ?? '',
      price: plan ? String(plan.price) : '',
      special_price: plan?.special_price == null ? '' : String(plan.special_price),
      features: (plan?.features ?? []).join('\n'),
      duration: String(plan?.duration ?? 0),
      duration_type: plan?.duration_type ?? 'lifetime',
      active: plan?.active ?? true,
    } satisfies PlanValues,
    toBody,
    save: (body, handlers) => save.mutate({ id: plan?._id, body }, handlers),
    saved: t('plans.saved'),
    onSaved: onDone,
  });

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
      <FormTextField name="code" label={t('plans.code')} required hint={t('plans.codeHint')} />
      <FormTextField name="name" label={t('plans.name')} required />
      <FormTextAreaField
        name="description"
        label={t('plans.description')}
        rows={3}
        className="sm:col-span-2"
      />
      <FormTextField
        name="price"
        label={t('plans.price')}
        type="number"
        min={0}
        step="0.01"
        required
      />
      <FormTextField
        name="special_price"
        label={t('plans.specialPrice')}
        type="number"
        min={0}
        step="0.01"
        hint={t('plans.specialPriceHint')}
      />
      <FormTextField
        name="duration"
        label={t('plans.duration')}
        type="number"
        min={0}
        hint={t('plans.durationHint')}
      />
      <FormSelectField
        name="duration_type"
        label={t('plans.durationType')}
        options={(['day', 'month', 'year', 'lifetime'] as const).map((value) => ({
          value,
          label: t(`plans.durationTypes.${value}`),
        }))}
      />
      <FormTextAreaField
        name="features"
        label={t('plans.features')}
        rows={4}
        hint={t('plans.featuresHint')}
        className="sm:col-span-2"
      />
      <FormCheckboxField name="active" label={t('plans.active')} />
      <FormFooter
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
    </AdminForm>
  );
}

export function PlansPage() {
  const { t } = useTranslation('admin');
  const plans = usePlans();
  return (
    <EditableListPage
      section="plans"
      dialogClassName="max-w-2xl"
      list={plans}
      head={[
        ...(['name', 'code', 'price', 'specialPrice', 'duration', 'status'] as const).map((key) =>
          t(`plans.${key}`),
        ),
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
