@echo off
rem Installs Military Whist Director from this folder alone: no internet needed.
setlocal
set "HERE=%~dp0"
set "APP=%LOCALAPPDATA%\military-whist-director\app"
py -@PYTHON@ -c "import sys" 2>nul || (echo Install Python @PYTHON@ from python.org first, then run this again. & pause & exit /b 1)
py -@PYTHON@ -m venv "%APP%" || goto failed
"%APP%\Scripts\python.exe" -m pip install --quiet --no-index --find-links "%HERE%." --require-hashes -r "%HERE%requirements.txt" || goto failed
for %%W in ("%HERE%military_whist_director-*.whl") do "%APP%\Scripts\python.exe" -m pip install --quiet --no-index --no-deps "%%~fW" || goto failed
> "%USERPROFILE%\Desktop\Whist hall.bat" echo @"%APP%\Scripts\whist-director.exe" hall ^& pause
echo Installed. Double-click "Whist hall" on the desktop to serve the hall.
echo In a Command Prompt the command is: "%APP%\Scripts\whist-director.exe"
pause
exit /b 0
:failed
echo The installation failed: see the messages above.
pause
exit /b 1
