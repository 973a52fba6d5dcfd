import {
  type MemoSettingKey,
  memoFactsLengthValues,
  memoFactsPresentationValues,
  memoLangValues,
  memoSettingKeys,
  memoSummaryValues,
  memoToneValues,
} from "@precis/contract/memo-options";
import { Radio } from "antd";
import { useTranslation } from "react-i18next";

const valuesByRow: Record<MemoSettingKey, readonly string[]> = {
  memoSummary: memoSummaryValues,
  memoFactsLength: memoFactsLengthValues,
  memoFactsPresentation: memoFactsPresentationValues,
  memoTone: memoToneValues,
  memoLang: memoLangValues,
};

type MemoOptionRowsProps = {
  choices: Record<MemoSettingKey, string>;
  onChoose: (row: MemoSettingKey, value: string) => void;
};

/**
 * product §2: five single-choice rows, each labelled on the left. They are radio groups, so choosing
 * the selected value again keeps it selected (product §4) and arrow keys move between values.
 */
export function MemoOptionRows({ choices, onChoose }: MemoOptionRowsProps) {
  const { t } = useTranslation("profile");
  return (
    <div className="memo-option-rows">
      {memoSettingKeys.map((row) => (
        <div className="memo-option-row" key={row}>
          <span className="memo-option-label" id={`memo-row-${row}`}>
            {t(`memo.rows.${row}`)}
          </span>
          <Radio.Group
            // The memo's language has a name of its own ("Memo language"), which holds its visible label: beside the
            // site's language switch, two groups named "Language" could not be told apart (issue 58).
            {...(row === "memoLang"
              ? { "aria-label": t("memo.memoLangGroupName") }
              : { "aria-labelledby": `memo-row-${row}` })}
            optionType="button"
            buttonStyle="solid"
            value={choices[row]}
            onChange={(event) => onChoose(row, String(event.target.value))}
            options={valuesByRow[row].map((value) => ({
              value,
              // Typed keys: every value has its label in both catalogues.
              label: t(`memo.values.${row}.${value}` as `memo.values.memoSummary.Auto`),
            }))}
          />
        </div>
      ))}
    </div>
  );
}
