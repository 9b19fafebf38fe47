// The contract between the wizard's frame (stepper, stage, Next/Back) and a step that saves its
// own entries as the user goes (qualifications, languages, experience, documents): the step only
// tells the frame whether Next may be pressed; Next then raises the stored stage (POST
// /api/Stage/raise) and advances. Form steps (personal, guardian, ...) belong to the frame itself.

export type TStepProps = {
  /** The student profile being edited (always an existing profile here). */
  studentId: number;
  /** Called whenever the step's validity changes, e.g. "at least one qualification". */
  onValidityChange: (valid: boolean) => void;
};
