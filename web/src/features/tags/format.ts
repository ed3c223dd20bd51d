/** How the tags screen names a tag's place on the kanban board (pt_BR). */
import type { Tag } from '../../lib/tags';

/** "Coluna 2", or that it is not on the board. */
export function boardPlace(tag: Pick<Tag, 'boardPosition'>): string {
  return tag.boardPosition === null ? 'Fora do quadro' : `Coluna ${tag.boardPosition + 1}`;
}

/** "3 etiquetas", "1 etiqueta". */
export function tagsCount(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'etiqueta' : 'etiquetas'}`;
}
