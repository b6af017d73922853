// The notifc executable: the driver runs the command line and exits with its status.
import NotifcDriver

CommandLineTool.main()
