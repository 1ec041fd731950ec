import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dateToIstLocal, istLocalToDate, type AdminCoupon } from '@exhale/contract/admin';
import { useCoupons, useSaveCoupon } from '../api';
import { Badge, Cell } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import {
  CheckboxField,
  FormFooter,
  numberOrNull,
  saveHandlers,
  SelectField,
  TextField,
  useServerErrors,
} from '../components/form-controls';
import { EditButton } from '../components/row-actions';
import { formatIstDateTime } from '../format';

function CouponForm({ coupon, onDone }: { coupon?: AdminCoupon; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveCoupon();
  const errors = useServerErrors();
  const [code, setCode] = useState(coupon?.code ?? '');
  const [type, setType] = useState<'off' | 'percent'>(coupon?.type ?? 'percent');
  const [value, setValue] = useState(coupon ? String(coupon.value) : '');
  const [expires, setExpires] = useState(
    coupon?.expires_at ? dateToIstLocal(new Date(coupon.expires_at)) : '',
  );
  const [maxUses, setMaxUses] = useState(
    coupon?.max_uses === null || !coupon ? '' : String(coupon.max_uses),
  );
  const [perUser, setPerUser] = useState(String(coupon?.max_uses_per_user ?? 1));
  const [active, setActive] = useState(coupon?.active ?? true);

  function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    const expiry = expires ? istLocalToDate(expires) : null;
    save.mutate(
      {
        id: coupon?._id,
        body: {
          code,
          type,
          value: Number(value),
          expires_at: expiry ? expiry.toISOString() : null,
          max_uses: numberOrNull(maxUses),
          max_uses_per_user: Number(perUser),
          active,
        },
      },
      saveHandlers(errors, t('coupons.saved'), onDone),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('coupons.code')}
        value={code}
        onChange={(v) => setCode(v.toUpperCase())}
        maxLength={6}
        minLength={6}
        required
        hint={t('coupons.codeHint')}
        error={errors.of('code')}
      />
      <SelectField
        label={t('coupons.type')}
        value={type}
        onChange={setType}
        options={[
          { value: 'percent', label: t('coupons.types.percent') },
          { value: 'off', label: t('coupons.types.off') },
        ]}
        error={errors.of('type')}
      />
      <TextField
        label={type === 'percent' ? t('coupons.valuePercent') : t('coupons.valueRupees')}
        type="number"
        min={1}
        max={type === 'percent' ? 100 : undefined}
        value={value}
        onChange={setValue}
        required
        error={errors.of('value')}
      />
      <TextField
        label={t('coupons.expires')}
        type="datetime-local"
        value={expires}
        onChange={setExpires}
        hint={t('coupons.expiresHint')}
        error={errors.of('expires_at')}
      />
      <TextField
        label={t('coupons.maxUses')}
        type="number"
        min={0}
        value={maxUses}
        onChange={setMaxUses}
        hint={t('coupons.maxUsesHint')}
        error={errors.of('max_uses')}
      />
      <TextField
        label={t('coupons.perUser')}
        type="number"
        min={1}
        value={perUser}
        onChange={setPerUser}
        error={errors.of('max_uses_per_user')}
      />
      <CheckboxField label={t('coupons.active')} checked={active} onChange={setActive} />
      <FormFooter
        errors={errors.errors}
        shown={['code', 'type', 'value', 'expires_at', 'max_uses', 'max_uses_per_user']}
        pending={save.isPending}
        className="sm:col-span-2"
      />
    </form>
  );
}

export function CouponsPage() {
  const { t } = useTranslation('admin');
  const coupons = useCoupons();
  return (
    <EditableListPage
      title={t('coupons.heading')}
      description={t('coupons.intro')}
      newLabel={t('coupons.new')}
      editTitle={t('coupons.edit')}
      dialogClassName="max-w-2xl"
      list={coupons}
      head={[
        t('coupons.code'),
        t('coupons.discount'),
        t('coupons.expires'),
        t('coupons.used'),
        t('coupons.status'),
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
