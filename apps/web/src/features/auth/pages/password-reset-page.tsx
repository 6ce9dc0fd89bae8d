import { Navigate, useParams, useSearchParams } from 'react-router';
import { UnderConstruction } from '../../../components/under-construction';
import { paths } from '../../../lib/paths';

/** Spec 2.1: the reset link carries a token and the e-mail; without either there is nothing to reset. */
export function PasswordResetPage() {
  const { token } = useParams();
  const [searchParams] = useSearchParams();
  if (!token || !searchParams.get('email')) return <Navigate to={paths.login.getHref()} replace />;
  return <UnderConstruction />;
}
