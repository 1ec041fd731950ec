import { useTranslation } from 'react-i18next';
import {
  adminCouponCreateSchema,
  adminCouponUpdateSchema,
  dateToIstLocal,
  istLocalToDate,
  type AdminCoupon,
} from '@exhale/contract/admin';
import { useCoupons, useSaveCoupon } from '../api';
import {
  AdminForm,
  FormCheckboxField,
  FormFooter,
  FormSelectField,
  FormTextField,
  useAdminForm,
} from '../components/admin-form';
import { Badge, Cell } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import { EditButton } from '../components/row-actions';
import { formatIstDateTime } from '../format';
import { numberOrNull } from '../form-values';

interface CouponValues {
  code: string;
  type: AdminCoupon['type'];
  value: string;
  /** IST wall-clock time, as a datetime-local input holds it; '' for never. */
  expires_at: string;
  max_uses: string;
  max_uses_per_user: string;
  active: boolean;
}

function toBody(values: CouponValues) {
  const expiry = values.expires_at ? istLocalToDate(values.expires_at) : null;
  return {
    ...values,
    value: Number(values.value),
    // An impossible date stays as typed, for the schema to refuse.
    expires_at: values.expires_at ? (expiry?.toISOString() ?? values.expires_at) : null,
    max_uses: numberOrNull(values.max_uses),
    max_uses_per_user: Number(values.max_uses_per_user),
  };
}

export function CouponForm({ coupon, onDone }: { coupon?: AdminCoupon; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveCoupon();
  const { form, onSubmit } = useAdminForm({
    schema: coupon ? adminCouponUpdateSchema : adminCouponCreateSchema,
    defaultValues: {
      code: coupon?.code ?? '',
      type: coupon?.type ?? 'percent',
      value: coupon ? String(coupon.value) : '',
      expires_at: coupon?.expires_at ? dateToIstLocal(new Date(coupon.expires_at)) : '',
      max_uses: coupon?.max_uses == null ? '' : String(coupon.max_uses),
      max_uses_per_user: String(coupon?.max_uses_per_user ?? 1),
      active: coupon?.active ?? true,
    } satisfies CouponValues,
    toBody,
    save: (body, handlers) => save.mutate({ id: coupon?._id, body }, handlers),
    saved: t('coupons.saved'),
    onSaved: onDone,
  });
  const percent = form.watch('type') === 'percent';

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
      <FormTextField
        name="code"
        label={t('coupons.code')}
        filter={(value) => value.toUpperCase()}
        maxLength={6}
        minLength={6}
        required
        hint={t('coupons.codeHint')}
      />
      <FormSelectField
        name="type"
        label={t('coupons.type')}
        options={[
          { value: 'percent', label: t('coupons.types.percent') },
          { value: 'off', label: t('coupons.types.off') },
        ]}
      />
      <FormTextField
        name="value"
        label={percent ? t('coupons.valuePercent') : t('coupons.valueRupees')}
        type="number"
        min={1}
        max={percent ? 100 : undefined}
        required
      />
      <FormTextField
        name="expires_at"
        label={t('coupons.expires')}
        type="datetime-local"
        hint={t('coupons.expiresHint')}
      />
      <FormTextField
        name="max_uses"
        label={t('coupons.maxUses')}
        type="number"
        min={0}
        hint={t('coupons.maxUsesHint')}
      />
      <FormTextField name="max_uses_per_user" label={t('coupons.perUser')} type="number" min={1} />
      <FormCheckboxField name="active" label={t('coupons.active')} />
      <FormFooter
        shown={['code', 'type', 'value', 'expires_at', 'max_uses', 'max_uses_per_user']}
        pending={save.isPending}
        className="sm:col-span-2"
      />
    </AdminForm>
  );
}

export function CouponsPage() {
  const { t } = useTranslation('admin');
  const coupons = useCoupons();
  return (
    <EditableListPage
      section="coupons"
      dialogClassName="max-w-2xl"
      list={coupons}
      head={[
        ...(['code', 'discount', 'expires', 'used', 'status'] as const).map((key) =>
          t(`coupons.${key}`),
        ),
        t('common.actions'),
      ]}
      row={(coupon, edit) => (
        <tr key={coupon._id}>
          <Cell className="font-mono font-semibold">{coupon.code}</Cell>
          <Cell>
            {coupon.type === 'percent'
              ? t('coupons.percentOff', { value: coupon.value })
              : t('coupons.rupeesOff', { value: coupon.value })}
          </Cell>
          <Cell>
            {coupon.expires_at ? formatIstDateTime(coupon.expires_at) : t('coupons.never')}
          </Cell>
          <Cell>
            {coupon.max_uses === null
              ? coupon.used
              : t('coupons.usedOf', { used: coupon.used, max: coupon.max_uses })}
          </Cell>
          <Cell>
            {coupon.active ? (
              <Badge tone="good">{t('coupons.on')}</Badge>
            ) : (
              <Badge>{t('coupons.off')}</Badge>
            )}
          </Cell>
          <Cell>
            <EditButton name={coupon.code} onClick={edit} />
          </Cell>
        </tr>
      )}
      form={(coupon, done) => <CouponForm coupon={coupon} onDone={done} />}
    />
  );
}
