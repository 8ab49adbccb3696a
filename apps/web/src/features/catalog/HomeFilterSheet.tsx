import { featureLabels, type ProductFeature } from '@bilum/shared';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { optionsFrom, RadioList } from '../../components/ui/radio-list';

interface HomeFilterSheetProps {
  value: ProductFeature;
  onApply: (value: ProductFeature) => void;
  onOpenChange: (open: boolean) => void;
}

/** The home page's bottom-sheet filter on small screens (loaded when first opened). */
export default function HomeFilterSheet({ value, onApply, onOpenChange }: HomeFilterSheetProps) {
  const [draft, setDraft] = useState(value);
  return (
    <Dialog open onOpenChange={onOpenChange} placement="bottom" title="Filter products">
      <RadioList legend="Show" name="feature" options={optionsFrom(featureLabels)} value={draft} onChange={setDraft} />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => setDraft('all')}>
          Reset
        </Button>
        <Button onClick={() => onApply(draft)}>Apply</Button>
      </div>
    </Dialog>
  );
}
