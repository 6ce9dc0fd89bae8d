import type { z } from './zod.js';
import { ACCOUNT_MESSAGES } from './users.js';

/**
 * Passwords that appear at the top of every leaked-password list, plus Spanish and Argentine favourites
 * (teams, names, "contraseña"), lower-case and without accents. Kept as one string and turned into a
 * set on first use, so that the list stays out of every page that never checks a password.
 */
const LIST = `
123456 123456789 12345678 password qwerty123 qwerty 12345 1234567 111111 1234567890 123123 abc123 1234
password1 iloveyou 1q2w3e4r 000000 qwertyuiop 123321 654321 666666 121212 7777777 888888 987654321 1qaz2wsx
123qwe zxcvbnm 123abc asdfghjkl dragon monkey letmein football baseball welcome login admin admin123
administrator princess solo master sunshine shadow ashley michael superman batman trustno1 hello freedom
whatever qazwsx starwars passw0rd password123 password12 pass1234 passpass charlie donald jordan23 hunter2
hunter ranger buster soccer harley jennifer tigger thomas robert jessica daniel andrew joshua matthew
pepper ginger cheese summer winter spring autumn love loveme lovely flower killer internet computer mustang
access cookie secret secret123 service test test123 testing guest guest123 changeme default root toor user
user123 demo demo123 temp temp123 temporal 11111111 22222222 33333333 44444444 55555555 66666666 77777777
88888888 99999999 00000000 12341234 12344321 11223344 1234qwer qwer1234 asdf1234 zxcv1234 q1w2e3r4 a1b2c3d4
1a2b3c4d aa123456 abcd1234 abcdefgh abcdef abcdefg 987654 9876543210 147258369 159753 159357 753951
147852369 741852963 123654 123456a 123456789a a123456 a12345678 qwe123 qweasd qweasdzxc zaq12wsx 1qazxsw2
!qaz2wsx qazwsxedc asdasd asdasdasd asd123 zxc123 zxczxc 112233 121314 131313 123654789 5201314 789456123
789456 456789 456123 159951 24682468 13579 1357924680 contrasena contrasena1 contrasena123 micontrasena
clave clave123 clave1234 miclave secreto secreto123 hola hola123 hola1234 holahola holamundo teamo teamo123
teamomucho tequiero tequiero123 amor amor123 amormio miamor argentina argentina1 argentina123 argentina2022
argentina2026 boca boca123 bocajuniors bocajrs boquita river river123 riverplate racing independiente
sanlorenzo huracan velez estudiantes newells rosario central rosariocentral talleres belgrano buenosaires
cordoba mendoza tucuman mardelplata lanus quilmes banfield lomas laplata santafe neuquen salta maradona
maradona10 messi messi10 lionelmessi diego10 diego diego123 mundial campeon campeones campeon2022 futbol
futbol123 futbolista pelota mariposa princesa princesa1 estrella angelito angel corazon chocolate
chocolate1 gatito perrito tesoro bonita bonito hermosa hermoso lindo linda mimama mama mama123 papa papa123
familia familia123 familia1 jesus jesus123 jesucristo dios diosesamor diostebendiga gabriel alejandro
alejandra fernando fernanda martin martina sofia lucas lucia mateo valentina valentino santiago camila juan
juan123 juanito pablo carlos maria mariana florencia agustin agustina sebastian julieta nicolas tomas
benjamin matias gonzalo facundo joaquin emilia catalina victoria daniela gabriela natalia paula carolina
romina silvina claudia patricia marcela roberto ricardo eduardo sergio jorge miguel concejo concejo123
concejodeliberante deliberante municipalidad municipio municipal intendente gobierno gobierno123 oficina
oficina123 trabajo trabajo123 empresa usuario usuario123 usuario1 administrador admin2026 admin2025
bienvenido bienvenido1 bienvenida qwerty1 qwerty12 qwerty1234 qwertyu qwertz azerty 1qaz2wsx3edc 1q2w3e
1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4t5 asdfgh asdfghjk zxcvbn zxcvbnm1 poiuytrewq mnbvcxz lkjhgfdsa 1111 11111
1111111 111111111 1111111111 2222 0000 00000 000000000 0123456789 01234567 012345 password! password1!
p@ssw0rd p@ssword pa$$word passwort motdepasse senha senha123 parola wachtwoord salasana haslo lozinka
sifre letmein1 welcome1 welcome123 sunshine1 iloveyou1 iloveyou2 monkey123 dragon123 football1 baseball1
superman1 batman123 master123 shadow123 princess1 michael1 charlie1 hello123 hello1234 helloworld
mypassword mypass123 yourpassword nopassword newpassword oldpassword changeit changeme1 passw0rd1 pa55word
pa55w0rd 1password
`;

let common: ReadonlySet<string> | undefined;

const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * True for a password of the list (any case, with or without accents), one of those words followed by
 * digits or symbols ("argentina2026!", "boca123"), or one character repeated.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(LIST.split(/\s+/).filter(Boolean));
  const folded = fold(password);
  if (common.has(folded)) return true;
  const base = folded.replace(/[^\p{L}]+$/u, '');
  if (base.length >= 4 && base !== folded && common.has(base)) return true;
  return /^(.)\1*$/su.test(folded);
}

/**
 * A form's schema with the last rule of the password policy: `password` is not a common one. Checked
 * once that field passed its own rules, even when another field failed, so that a form shows every
 * error at once. Here rather than in users.ts, so that the list loads only with the forms that set a
 * password.
 */
export function refusingCommonPassword<S extends z.ZodType<{ password: string }>>(schema: S): S {
  return schema.superRefine(
    (value, ctx) => {
      if (isCommonPassword(value.password)) ctx.addIssue({ code: 'custom', path: ['password'], message: ACCOUNT_MESSAGES.passwordTooCommon });
    },
    {
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        typeof (payload.value as { password?: unknown }).password === 'string' &&
        !payload.issues.some((issue) => issue.path?.[0] === 'password'),
    },
  ) as S;
}
