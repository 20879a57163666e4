import { createContext, useContext } from "react";

/** The state a <Dialog> shares with its parts (dialog.tsx) and its panel (modal-panel.tsx). */
export interface DialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
  titleId: string;
  descriptionId: string;
  hasDescription: boolean;
  setHasDescription: (has: boolean) => void;
}
export const DialogContext = createContext<DialogState | null>(null);

export function useDialog(): DialogState {
  const state = useContext(DialogContext);
  if (!state) throw new Error("Dialog parts must be inside <Dialog>");
  return state;
}

