import ProgressBar from 'react-bootstrap/ProgressBar';

/** How much of an upload has gone out; announced politely, labelled for screen readers. */
export function UploadProgress({ fraction, label = 'Subiendo' }: { fraction: number | null; label?: string }) {
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="my-3" aria-live="polite">
      <ProgressBar now={percent} label={`${percent}%`} aria-label={`${label}: ${percent}%`} variant={percent >= 100 ? 'success' : 'primary'} />
      <p className="small mt-1 mb-0">{percent >= 100 ? 'Procesando la imagen en el servidor...' : `${label}: ${percent}%`}</p>
    </div>
  );
}
