/**
 * The menu's options as an ordered list: each with its text, what it does (route to a department,
 * answer with a fixed text — and, if wanted, a file uploaded at once —, call a person) and what
 * that needs. Reordered by dragging the handle
 * (`@hello-pangea/dnd`, as Mantine's docs show: the handle also lifts with Space and moves with the
 * arrow keys, announced in pt_BR), or with the "mover" buttons — a way that needs no dragging
 * (WCAG 2.5.7) and no pointer at all.
 */
import {
  DragDropContext,
  Draggable,
  Droppable,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AttachmentField } from '../../../components/AttachmentField';
import type { AttachedFile } from '../../../lib/media-upload';
import { BOT_ACTIONS, MAX_BOT_OPTIONS, type BotAction, type Choice } from '../api/schemas';
import { uploadBotMedia } from '../api/upload-bot-media';
import { ACTION_LABELS, newOption, type BotDraft, type OptionDraft } from '../draft';
import classes from './chatbot.module.css';

/** What a screen reader hears on the drag handle (replaces the library's English instructions). */
const DRAG_INSTRUCTIONS =
  'Para mover a opção, pressione espaço, use as setas para cima e para baixo e pressione espaço de novo para soltar. Esc cancela.';

const ACTION_DATA = BOT_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] }));

export interface OptionsEditorProps {
  form: UseFormReturnType<BotDraft>;
  departments: readonly Choice[];
  departmentsLoading: boolean;
  readOnly: boolean;
  /** An answer's file started or ended uploading (saving waits for it). */
  onUploadingChange: (uploading: boolean) => void;
}

function optionName(option: OptionDraft | undefined, index: number): string {
  const label = option?.label.trim();
  return label ? `${index + 1}. ${label}` : `opção ${index + 1}`;
}

/** The departments offered: the list's, plus the one the option names if the list lacks it. */
function departmentData(departments: readonly Choice[], current: number | null) {
  const data = departments.map((department) => ({
    value: department.id,
    label: department.active ? department.name : `${department.name} (inativo)`,
  }));
  if (current !== null && !data.some((entry) => entry.value === current)) {
    data.push({ value: current, label: `Departamento #${current}` });
  }
  return data;
}

export function OptionsEditor({
  form,
  departments,
  departmentsLoading,
  readOnly,
  onUploadingChange,
}: OptionsEditorProps) {
  const options = form.values.options;
  const full = options.length >= MAX_BOT_OPTIONS;

  function move(from: number, to: number) {
    if (to < 0 || to >= options.length || from === to) return;
    form.reorderListItem('options', { from, to });
    // Errors are kept by position: after a move they would point at another option.
    form.clearErrors();
  }

  function announceStart(start: DragStart, provided: ResponderProvided) {
    const index = start.source.index;
    provided.announce(
      `Opção ${optionName(options[index], index)} levantada, na posição ${index + 1} de ${options.length}.`,
    );
  }

  function announceUpdate(update: DragUpdate, provided: ResponderProvided) {
    if (update.destination) {
      provided.announce(`Posição ${update.destination.index + 1} de ${options.length}.`);
    }
  }

  function drop(result: DropResult, provided: ResponderProvided) {
    const { source, destination } = result;
    if (!destination || result.reason === 'CANCEL') {
      provided.announce(`Movimento cancelado. A opção ficou na posição ${source.index + 1}.`);
      return;
    }
    provided.announce(`Opção solta na posição ${destination.index + 1} de ${options.length}.`);
    move(source.index, destination.index);
  }

  return (
    <Stack gap="sm">
      {typeof form.errors.options === 'string' ? (
        <Text size="sm" c="red" role="alert">
          {form.errors.options}
        </Text>
      ) : null}
      <DragDropContext
        onDragStart={announceStart}
        onDragUpdate={announceUpdate}
        onDragEnd={drop}
        dragHandleUsageInstructions={DRAG_INSTRUCTIONS}
      >
        <Droppable droppableId="bot-options" direction="vertical">
          {(droppable) => (
            <ol className={classes.optionList} {...droppable.droppableProps} ref={droppable.innerRef}>
              {options.map((option, index) => (
                <Draggable key={option.uid} draggableId={option.uid} index={index} isDragDisabled={readOnly}>
                  {(draggable, snapshot) => (
                    <li
                      ref={draggable.innerRef}
                      {...draggable.draggableProps}
                      className={classes.optionItem}
                      data-dragging={snapshot.isDragging || undefined}
                      data-testid="bot-option"
                    >
                      <OptionRow
                        form={form}
                        option={option}
                        index={index}
                        count={options.length}
                        departments={departments}
                        departmentsLoading={departmentsLoading}
                        readOnly={readOnly}
                        onMove={move}
                        onUploadingChange={onUploadingChange}
                        handle={
                          readOnly ? null : (
                            <div
                              {...draggable.dragHandleProps}
                              className={classes.handle}
                              aria-label={`Arrastar ${optionName(option, index)}`}
                            >
                              <IconGripVertical size={18} aria-hidden />
                            </div>
                          )
                        }
                      />
                    </li>
                  )}
                </Draggable>
              ))}
              {droppable.placeholder}
            </ol>
          )}
        </Droppable>
      </DragDropContext>
      {readOnly ? null : (
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('options', newOption())}
            disabled={full}
          >
            Adicionar opção
          </Button>
          <Text size="sm" c="dimmed">
            {full
              ? `O menu já tem ${MAX_BOT_OPTIONS} opções, o máximo.`
              : `${options.length} de ${MAX_BOT_OPTIONS} opções`}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

interface OptionRowProps {
  form: UseFormReturnType<BotDraft>;
  option: OptionDraft;
  index: number;
  count: number;
  departments: readonly Choice[];
  departmentsLoading: boolean;
  readOnly: boolean;
  onMove: (from: number, to: number) => void;
  onUploadingChange: (uploading: boolean) => void;
  handle: ReactNode;
}

function OptionRow({
  form,
  option,
  index,
  count,
  departments,
  departmentsLoading,
  readOnly,
  onMove,
  onUploadingChange,
  handle,
}: OptionRowProps) {
  const name = optionName(option, index);
  const path = `options.${index}`;

  /** Puts the uploaded file on this option wherever it is now (it may have moved meanwhile). */
  function attach(file: AttachedFile | null) {
    const at = form.getValues().options.findIndex((entry) => entry.uid === option.uid);
    if (at >= 0) form.setFieldValue(`options.${at}.attachment`, file);
  }

  return (
    <Paper withBorder radius="md" p="sm" className={classes.optionCard}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={4} align="center" className={classes.optionSide}>
          {handle}
          <Text fw={700} size="lg" aria-hidden>
            {index + 1}
          </Text>
        </Stack>
        <Stack gap="xs" flex={1} miw={0}>
          <TextInput
            label={`Texto da opção ${index + 1}`}
            placeholder="Ex.: Financeiro e boletos"
            maxLength={60}
            required
            {...form.getInputProps(`${path}.label`)}
          />
          <Select<BotAction>
            label="O que fazer"
            data={ACTION_DATA}
            allowDeselect={false}
            value={option.action}
            onChange={(value) => {
              if (value) form.setFieldValue(`${path}.action`, value);
            }}
            error={form.errors[`${path}.action`]}
            comboboxProps={{ withinPortal: true }}
          />
          {option.action === 'department' ? (
            <Select<number>
              label="Departamento"
              required
              placeholder={departmentsLoading ? 'Carregando departamentos…' : 'Escolha o departamento'}
              data={departmentData(departments, option.departmentId)}
              value={option.departmentId}
              onChange={(value) => form.setFieldValue(`${path}.departmentId`, value)}
              error={form.errors[`${path}.departmentId`]}
              searchable
              nothingFoundMessage="Nenhum departamento"
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          {option.action === 'answer' ? (
            <Textarea
              label="Resposta"
              description="O bot responde com este texto e mostra o menu de novo."
              required
              autosize
              minRows={2}
              maxRows={8}
              {...form.getInputProps(`${path}.answer`)}
            />
          ) : null}
          {option.action === 'answer' ? (
            <AttachmentField
              label="Arquivo da resposta (opcional)"
              description="O bot envia o arquivo junto com a resposta, que vira a legenda dele."
              value={option.attachment}
              onChange={attach}
              upload={uploadBotMedia}
              error={form.errors[`${path}.attachment`]}
              readOnly={readOnly}
              onUploadingChange={onUploadingChange}
              context={`à opção ${index + 1}`}
            />
          ) : null}
          {option.action === 'human' ? (
            <Text size="sm" c="dimmed">
              O bot passa a conversa para a fila de atendimento, com a mensagem de passagem.
            </Text>
          ) : null}
        </Stack>
        {readOnly ? null : (
          <Stack gap={4}>
            <Tooltip label="Mover para cima">
              <ActionIcon
                variant="default"
                aria-label={`Mover ${name} para cima`}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Mover para baixo">
              <ActionIcon
                variant="default"
                aria-label={`Mover ${name} para baixo`}
                disabled={index === count - 1}
                onClick={() => onMove(index, index + 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remover">
              <ActionIcon
                variant="default"
                aria-label={`Remover ${name}`}
                disabled={count <= 1}
                onClick={() => {
                  form.removeListItem('options', index);
                  form.clearErrors();
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Stack>
        )}
      </Group>
    </Paper>
  );
}
