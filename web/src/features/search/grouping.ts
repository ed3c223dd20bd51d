/**
 * The pages of a search as the screen lists them: one entry per conversation, in the order each
 * first appeared (the newest match first), its matches joined across pages. The server pages by
 * message, so a conversation whose matches span two pages comes on both.
 */
import type { Match, SearchPage, SearchTicket } from './api/schemas';

export interface ConversationMatches {
  ticket: SearchTicket;
  /** Newest first, each message once. */
  matches: Match[];
}

export function groupByTicket(pages: readonly SearchPage[]): ConversationMatches[] {
  const byTicket = new Map<number, ConversationMatches>();
  for (const page of pages) {
    for (const hit of page.data) {
      const known = byTicket.get(hit.ticket.id);
      if (!known) {
        byTicket.set(hit.ticket.id, { ticket: hit.ticket, matches: [...hit.matches] });
        continue;
      }
      // A later page was read later: its copy of the ticket (status, tags) is the fresher one.
      known.ticket = hit.ticket;
      const seen = new Set(known.matches.map((match) => match.id));
      known.matches.push(...hit.matches.filter((match) => !seen.has(match.id)));
    }
  }
  return [...byTicket.values()];
}

/** How many messages the groups hold. */
export function matchCount(groups: readonly ConversationMatches[]): number {
  return groups.reduce((total, group) => total + group.matches.length, 0);
}
