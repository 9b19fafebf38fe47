import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconEdit, IconPlus, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useState } from 'react';
import { translateKey } from '../../lib/i18n';
import classes from './crud.module.css';
import type { TCrudDefinition, TPicklist, TRow, TSelectionAction } from './define';
import { usePicklistOptions } from './picklist';
import type { useCrudList } from './use-crud-list';

// The maintenance screen's toolbar (spec 2.3): the name filter with Find and Clear (or a choice),
// the optional choice filter, then Add, Edit, Delete and the definition's own selection actions.

const ANY = '__any__';
type TList = ReturnType<typeof useCrudList>;
type TChoices = readonly { value: string; label: string }[];

/**
 * A choice among fixed values, then a picklist's rows if any (searchable then); Mantine's Select
 * treats '' as no value, so "every row" travels as ANY.
 */
function ChoiceSelect(props: {
  t: TFunction;
  label: string;
  options: TChoices;
  picklist?: TPicklist;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t, label, options, picklist, value, onChange } = props;
  const rows = usePicklistOptions(picklist, picklist !== undefined);
  const fixed = options.map((o) => ({ value: o.value || ANY, label: translateKey(t, o.label) }));
  return (
    <Select
      className={picklist ? classes.filterPicklist : classes.filterSelect}
      label={label}
      data={[...fixed, ...rows.options]}
      value={value || ANY}
      allowDeselect={false}
      searchable={picklist !== undefined}
      nothingFoundMessage={picklist ? t('crud:form.nothingFound') : undefined}
      onChange={(chosen) => onChange(!chosen || chosen === ANY ? '' : chosen)}
    />
  );
}

export function CrudFilterBar({
  definition,
  list,
  t,
}: {
  definition: TCrudDefinition;
  list: TList;
  t: TFunction;
}) {
  const [draft, setDraft] = useState(list.filterText);
  useEffect(() => setDraft(list.filterText), [list.filterText]);
  const { options, label } = definition.filter;
  const filterLabel = label ? translateKey(t, label) : t('filter.label');
  const choiceFilter = definition.choiceFilter;
  const find = (event: FormEvent) => {
    event.preventDefault();
    list.setFilter(draft);
  };
  return (
    <form className={classes.filter} onSubmit={find}>
      {options ? (
        // A choice applies at once: there is nothing to type, so no Find.
        <ChoiceSelect
          t={t}
          label={filterLabel}
          options={options}
          value={draft}
          onChange={(chosen) => {
            setDraft(chosen);
            list.setFilter(chosen);
          }}
        />
      ) : (
        <>
          <TextInput
            className={classes.filterInput}
            label={filterLabel}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('filter.find')}
          </Button>
        </>
      )}
      {choiceFilter && (
        <ChoiceSelect
          t={t}
          label={translateKey(t, choiceFilter.label)}
          options={choiceFilter.options}
          picklist={choiceFilter.picklist}
          value={list.choice}
          onChange={list.setChoice}
        />
      )}
      <Button
        variant="default"
        onClick={() => {
          setDraft('');
          list.clear();
        }}
        leftSection={<IconX size={16} aria-hidden />}
      >
        {t('filter.clear')}
      </Button>
    </form>
  );
}

type TActionsProps = {
  definition: TCrudDefinition;
  selected: TRow | null;
  t: TFunction;
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onAction: (action: TSelectionAction) => void;
};

export function CrudActions({ definition, selected, t, onAdd, onEdit, onDelete, onAction }: TActionsProps) {
  const { add = true, edit = true, delete: canDelete = true } = definition.actions ?? {};
  const icon = (Icon: typeof IconPlus) => <Icon size={16} aria-hidden />;
  return (
    <Group gap="sm">
      {add && (
        <Button
          variant="default"
          onClick={onAdd}
          disabled={definition.addFromSelection !== undefined && !selected}
          leftSection={icon(IconPlus)}
        >
          {t('add')}
        </Button>
      )}
      {edit && (
        <Button variant="default" onClick={onEdit} disabled={!selected} leftSection={icon(IconEdit)}>
          {t('edit')}
        </Button>
      )}
      {canDelete && (
        <Button
          variant="outline"
          color="red.9"
          onClick={onDelete}
          disabled={!selected}
          leftSection={icon(IconTrash)}
        >
          {t('delete')}
        </Button>
      )}
      {definition.selectionActions?.map((action) => {
        const Icon = action.icon;
        return (
          <Button
            key={action.label}
            variant="outline"
            color={action.color}
            onClick={() => onAction(action)}
            disabled={!selected || (action.available ? !action.available(selected) : false)}
            leftSection={Icon ? <Icon size={16} aria-hidden /> : undefined}
          >
            {translateKey(t, action.label)}
          </Button>
        );
      })}
    </Group>
  );
}
