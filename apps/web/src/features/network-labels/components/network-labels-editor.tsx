import { useEffect, useRef, useState, type DragEvent } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  type Control,
  type ControllerFieldState,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import DragIndicatorRoundedIcon from '@mui/icons-material/DragIndicatorRounded';
import {
  NETWORK_LABEL_LIMITS,
  NETWORK_LABEL_TEXTS as T,
  NetworkLabelFormSchema,
  type NetworkLabel,
} from '@callsight/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useSaveNetworkLabels } from '../api/save-network-labels.ts';

type FormInput = z.input<typeof NetworkLabelFormSchema>;
type FormOutput = z.output<typeof NetworkLabelFormSchema>;

let lastRowId = 0;
/** Client-generated row ids (crypto.randomUUID needs a secure context; self-hosted installs may be plain HTTP). */
const newRowId = () => `row-${Date.now().toString(36)}-${(lastRowId++).toString(36)}`;

/** Server field names (ipMap.3.cidr) to the form's (rows.3.cidrRange). */
const SERVER_FIELD = /^ipMap\.(\d+)\.(cidr|label)$/;

interface EditorProps {
  groupId: string;
  initial: NetworkLabel[];
  /** Back to view mode: after Cancel or a successful save. */
  onDone: () => void;
}

/**
 * Edit mode (spec 001 §2, §4, §5): a copy of the list with reorderable rows (drag the handle, or
 * the move buttons), CIDR and label inputs, delete, add up to 50, and a sticky Cancel / Submit
 * bar. The shared schema checks the whole list on every change, as the server does on save.
 */
export function NetworkLabelsEditor({ groupId, initial, onDone }: EditorProps) {
  const save = useSaveNetworkLabels(groupId);
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(NetworkLabelFormSchema),
    defaultValues: {
      rows: initial.map((e) => ({ id: newRowId(), cidrRange: e.cidr, label: e.label })),
    },
  });
  const { control, trigger, watch, handleSubmit, setError, formState } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'rows', keyName: 'key' });

  // Editing or moving one row can create or clear an overlap on another: re-check the whole list.
  useEffect(() => {
    const subscription = watch(() => void trigger());
    return () => subscription.unsubscribe();
  }, [watch, trigger]);

  const full = fields.length >= NETWORK_LABEL_LIMITS.maxEntries;
  const reorder = (from: number, to: number) => {
    if (from === to || to < 0 || to >= fields.length) return;
    move(from, to);
    void trigger();
  };

  const onValid = async (body: FormOutput) => {
    setSaveError(null);
    try {
      await save.mutateAsync(body);
      onDone();
    } catch (err) {
      console.error('Could not save the network labels', err);
      if (isApiError(err) && err.fields) {
        for (const [name, message] of Object.entries(err.fields)) {
          const match = SERVER_FIELD.exec(name);
          if (match)
            setError(`rows.${Number(match[1])}.${match[2] === 'cidr' ? 'cidrRange' : 'label'}`, {
              type: 'server',
              message,
            });
        }
      }
      setSaveError(isApiError(err) ? err.message : 'The network labels could not be saved.');
    }
  };

  // Drag and drop: the handle starts a drag; every row is a drop target.
  const [drag, setDrag] = useState<{ from: number; over: number | null } | null>(null);
  const dnd = {
    start: (index: number, event: DragEvent, row: HTMLElement | null) => {
      setDrag({ from: index, over: null });
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(index + 1));
      if (row) event.dataTransfer.setDragImage(row, 24, 24);
    },
    over: (index: number, event: DragEvent) => {
      if (!drag) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (drag.over !== index) setDrag({ ...drag, over: index });
    },
    drop: (index: number, event: DragEvent) => {
      if (!drag) return;
      event.preventDefault();
      setDrag(null);
      reorder(drag.from, index);
    },
    end: () => setDrag(null),
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(onValid)}
      data-testid="network-labels-editor"
    >
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, px: 1 }}>
          The first range that contains an address gives its label: keep smaller ranges above the
          larger ones they sit in. Drag a row by its handle or use the arrows to reorder.
        </Typography>
        {fields.length === 0 ? (
          <Typography sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}>
            {T.noNetworksToEdit}
          </Typography>
        ) : (
          <Stack
            component="ol"
            spacing={1}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
            aria-label="Networks to edit"
          >
            {fields.map((field, index) => (
              <EditorRow
                key={field.key}
                index={index}
                count={fields.length}
                control={control}
                submitted={formState.isSubmitted}
                dragging={drag?.from === index}
                dropTarget={drag !== null && drag.over === index && drag.from !== index}
                dropBelow={drag !== null && drag.from < index}
                onMove={(to) => reorder(index, to)}
                onRemove={() => {
                  remove(index);
                  void trigger();
                }}
                dnd={dnd}
              />
            ))}
          </Stack>
        )}
      </Paper>

      <Paper
        elevation={6}
        data-testid="network-edit-bar"
        sx={{
          position: 'sticky',
          bottom: 16,
          zIndex: 2,
          mt: 2,
          px: 2,
          py: 1.5,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
        }}
      >
        <Tooltip title={full ? `At most ${NETWORK_LABEL_LIMITS.maxEntries} networks` : ''}>
          <span>
            <Button
              startIcon={<AddRoundedIcon />}
              variant="outlined"
              disabled={full || save.isPending}
              onClick={() =>
                append({ id: newRowId(), cidrRange: '', label: '' }, { shouldFocus: true })
              }
            >
              {T.addNetwork(fields.length)}
            </Button>
          </span>
        </Tooltip>
        {saveError && (
          <Alert severity="error" sx={{ py: 0, flex: '1 1 240px' }} role="alert">
            {saveError}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
          <Button onClick={onDone} disabled={save.isPending}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? T.submitting : T.submit}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}

interface RowProps {
  index: number;
  count: number;
  control: Control<FormInput, unknown, FormOutput>;
  submitted: boolean;
  dragging: boolean;
  dropTarget: boolean;
  dropBelow: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
  dnd: {
    start: (index: number, event: DragEvent, row: HTMLElement | null) => void;
    over: (index: number, event: DragEvent) => void;
    drop: (index: number, event: DragEvent) => void;
    end: () => void;
  };
}

/**
 * An empty field shows its error only once the user has typed in it or submitted; anything typed
 * is checked at once. (Showing it on blur would shift the layout under a click on Submit.)
 */
const shownError = (
  state: ControllerFieldState,
  value: string,
  submitted: boolean,
  edited: boolean,
) => (state.error && (submitted || edited || value !== '') ? state.error.message : undefined);

function EditorRow({
  index,
  count,
  control,
  submitted,
  dragging,
  dropTarget,
  dropBelow,
  onMove,
  onRemove,
  dnd,
}: RowProps) {
  const rowRef = useRef<HTMLLIElement>(null);
  const [edited, setEdited] = useState({ cidr: false, label: false });
  const n = index + 1;
  const line = (t: { palette: { primary: { main: string } } }) =>
    `0 ${dropBelow ? 3 : -3}px 0 0 ${t.palette.primary.main}`;
  return (
    <Box
      component="li"
      ref={rowRef}
      data-testid="network-edit-row"
      onDragOver={(e: DragEvent) => dnd.over(index, e)}
      onDrop={(e: DragEvent) => dnd.drop(index, e)}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'auto 28px 1fr auto',
          md: 'auto 28px minmax(200px, 1fr) minmax(200px, 1.3fr) auto',
        },
        gap: 1,
        alignItems: 'start',
        p: 1,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        boxShadow: dropTarget ? line : 'none',
        opacity: dragging ? 0.5 : 1,
      }}
    >
      <Tooltip title="Drag to reorder">
        <Box
          component="span"
          draggable
          aria-hidden
          data-testid="network-drag-handle"
          onDragStart={(e: DragEvent) => dnd.start(index, e, rowRef.current)}
          onDragEnd={dnd.end}
          sx={{
            cursor: 'grab',
            display: 'flex',
            alignItems: 'center',
            height: 40,
            color: 'text.secondary',
          }}
        >
          <DragIndicatorRoundedIcon />
        </Box>
      </Tooltip>
      <Typography
        data-testid="network-edit-index"
        sx={{
          height: 40,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontWeight: 600,
          color: 'text.secondary',
        }}
      >
        {n}
      </Typography>
      <Controller
        name={`rows.${index}.cidrRange`}
        control={control}
        render={({ field, fieldState }) => {
          const error = shownError(fieldState, field.value, submitted, edited.cidr);
          return (
            <TextField
              size="small"
              label={T.columnCidr}
              placeholder="e.g. 10.0.0.0/24"
              value={field.value}
              onChange={(event) => {
                if (!edited.cidr) setEdited((e) => ({ ...e, cidr: true }));
                field.onChange(event);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!error}
              helperText={error}
              slotProps={{
                htmlInput: {
                  'aria-label': `CIDR Range, row ${n}`,
                  spellCheck: false,
                  autoComplete: 'off',
                },
              }}
              sx={{ '& input': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } }}
            />
          );
        }}
      />
      <Controller
        name={`rows.${index}.label`}
        control={control}
        render={({ field, fieldState }) => {
          const error = shownError(fieldState, field.value, submitted, edited.label);
          return (
            <TextField
              size="small"
              label={T.columnLabel}
              value={field.value}
              onChange={(event) => {
                if (!edited.label) setEdited((e) => ({ ...e, label: true }));
                field.onChange(event);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!error}
              helperText={error}
              slotProps={{ htmlInput: { 'aria-label': `Label, row ${n}`, autoComplete: 'off' } }}
              sx={{ gridColumn: { xs: '3 / 4', md: 'auto' } }}
            />
          );
        }}
      />
      <Stack
        direction="row"
        sx={{ gridColumn: { xs: '4 / 5', md: 'auto' }, gridRow: { xs: '1 / 2', md: 'auto' } }}
      >
        <IconButton
          aria-label={`Move row ${n} up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <ArrowUpwardRoundedIcon fontSize="small" />
        </IconButton>
        <IconButton
          aria-label={`Move row ${n} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <ArrowDownwardRoundedIcon fontSize="small" />
        </IconButton>
        <IconButton aria-label={`Delete row ${n}`} onClick={onRemove} color="error">
          <DeleteOutlineRoundedIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Box>
  );
}
