; Included by electron-builder's NSIS installer (its default `build/installer.nsh`).
;
; One till per PC (src/main/shell/machine-claim.ts): the till writes, at its first start, which
; Windows account runs this PC's till into %ProgramData%\Till\till-owner.json, and a till started
; from any other account reads it and refuses to make a second journal. The folder is made here,
; by the per-machine installer, so that every account can read it and the first one can create
; the record: Users (S-1-5-32-545) read and add files, nothing more.
!macro customInstall
  SetShellVarContext all
  CreateDirectory "$APPDATA\Till"
  nsExec::ExecToLog 'icacls "$APPDATA\Till" /grant *S-1-5-32-545:(OI)(CI)(RX,WD,AD)'
!macroend
