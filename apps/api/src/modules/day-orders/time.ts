/** "martes, 10 de marzo de 2026, 19:00 h": a session's date and time as the agenda prints it. */
export function formatSessionDate(date: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('es-AR', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${text.charAt(0).toLocaleUpperCase('es-AR')}${text.slice(1)} h`;
}

/** The council's calendar day of an instant, as YYYY-MM-DD. */
export function councilDay(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** "03/12/2026": a session's day as the lists show it. */
export function formatShortDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('es-AR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}
