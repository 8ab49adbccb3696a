import { type ProductFeature, productFeatures } from '@bilum/shared';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { RadioList } from '../../components/ui/radio-list';
import { useStartupT } from '../../i18n/react';

interface HomeFilterSheetProps {
  value: ProductFeature;
  onApply: (value: ProductFeature) => void;
  onOpenChange: (open: boolean) => void;
}

/** The home page's bottom-sheet filter on small screens (loaded when first opened). */
export default function HomeFilterSheet({ value, onApply, onOpenChange }: HomeFilterSheetProps) {
  const [draft, setDraft] = useState(value);
  const t = useStartupT();
  const options = productFeatures.map((feature) => ({ value: feature, label: t(`feature.${feature}`) }));
  return (
    <Dialog open onOpenChange={onOpenChange} placement="bottom" title={t('filter.group')}>
      <RadioList legend={t('filter.show')} name="feature" options={options} value={draft} onChange={setDraft} />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => setDraft('all')}>
          {t('filter.reset')}
        </Button>
        <Button onClick={() => onApply(draft)}>{t('filter.apply')}</Button>
      </div>
    </Dialog>
  );
}
