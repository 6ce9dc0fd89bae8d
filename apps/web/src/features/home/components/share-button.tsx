import Button from 'react-bootstrap/Button';
import { useToast } from '../../../components/toast/use-toast';

export const URL_COPIED = 'URL copiada al portapapeles';

/** Spec 2.3: the device's share sheet when it has one; otherwise the address is copied. */
export function ShareButton({ title }: { title: string }) {
  const toast = useToast();
  const handleShare = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // The visitor closed the share sheet: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(URL_COPIED);
    } catch {
      toast.error('No se pudo copiar la dirección. Copiala desde la barra del navegador.');
    }
  };
  return (
    <Button variant="outline-primary" onClick={handleShare}>
      Compartir
    </Button>
  );
}
