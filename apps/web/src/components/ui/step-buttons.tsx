import { useStartupT } from '../../i18n/react';
import { cn } from '../../lib/cn';
import { ChevronIcon } from './icons';

interface StepButtonsProps {
  /** What is stepped through, for the labels: "Previous {noun}" and "Next {noun}". */
  noun: string;
  /** The labels in the page's language, when the caller has them; else "Previous {noun}" and "Next {noun}". */
  labels?: { previous: string; next: string };
  onStep: (delta: -1 | 1) => void;
  /** Classes of both round buttons (colours, visibility). */
  className: string;
  /** Distance from the sides: "left-3" gives "left-3" and "right-3". */
  inset?: 2 | 3;
}

/** The previous and next arrows over a slider or gallery, centred on its left and right edges. */
export function StepButtons({ noun, labels, onStep, className, inset = 2 }: StepButtonsProps) {
  const t = useStartupT();
  return (['left', 'right'] as const).map((direction) => (
    <button
      key={direction}
      type="button"
      aria-label={
        labels
          ? labels[direction === 'left' ? 'previous' : 'next']
          : t(direction === 'left' ? 'checkout.stepButtons.previous' : 'checkout.stepButtons.next', { noun })
      }
      onClick={() => onStep(direction === 'left' ? -1 : 1)}
      className={cn(
        'absolute top-1/2 size-11 -translate-y-1/2 items-center justify-center rounded-full',
        className,
        direction === 'left' ? (inset === 2 ? 'left-2' : 'left-3') : inset === 2 ? 'right-2' : 'right-3',
      )}
    >
      <ChevronIcon direction={direction} className="size-6" />
    </button>
  ));
}
