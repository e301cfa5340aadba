import Foundation
import WayfinderCLI

exit(RouteCommand.run(Array(CommandLine.arguments.dropFirst())))
