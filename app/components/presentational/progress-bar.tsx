/** A progress bar that reads without CSS or colour: a <progress> element with its label. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="progress">
      <progress max={100} value={percent} aria-label={label}>
        {percent} %
      </progress>
      <span className="progress__label">{label}</span>
    </div>
  );
}
