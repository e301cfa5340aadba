import Foundation
import WayfinderCLI

exit(WayfinderCommand.run(Array(CommandLine.arguments.dropFirst())))
