/**
 * The tag view before anyone chose the board's columns: whoever keeps the tags (route `tags`) is
 * sent to choose them; anyone else is told to ask an administrator. The status view still works.
 */
import { Button, Group } from '@mantine/core';
import { IconLayoutKanban, IconTags } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';

export interface BoardEmptyProps {
  /** The tags screen, for whoever may keep the tags; null for everyone else. */
  tagsHref: string | null;
  onShowStatus: () => void;
}

export function BoardEmpty({ tagsHref, onShowStatus }: BoardEmptyProps) {
  return (
    <EmptyState
      icon={IconLayoutKanban}
      title="O quadro ainda não tem colunas"
      description={
        tagsHref
          ? 'Escolha as colunas do quadro em Etiquetas: cada etiqueta escolhida vira uma coluna, e os atendimentos sem nenhuma delas ficam em “Sem etiqueta”.'
          : 'Peça a um administrador para escolher as colunas do quadro em Etiquetas. Enquanto isso, veja os atendimentos por situação.'
      }
      actions={
        <Group gap="sm" justify="center">
          {tagsHref ? (
            <Button component={Link} to={tagsHref} leftSection={<IconTags size={18} aria-hidden />}>
              Escolher as colunas em Etiquetas
            </Button>
          ) : null}
          <Button variant={tagsHref ? 'default' : 'light'} onClick={onShowStatus}>
            Ver por situação
          </Button>
        </Group>
      }
    />
  );
}
