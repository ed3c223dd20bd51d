/** What the note composer says about sharing a ticket with those a note mentions, in pt_BR. */

/** "Carlos", "Carlos e Bia", "Carlos, Bia e Dora". */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}`;
}

/** Why the ticket is to be shared, in pt_BR, for one person or several. */
export function shareQuestion(names: readonly string[]): string {
  const who = namesList(names);
  return names.length > 1
    ? `${who} não veem este atendimento. Ao mencioná-los, eles recebem um convite para participar.`
    : `${who} não vê este atendimento. Ao mencioná-lo, ele recebe um convite para participar.`;
}
