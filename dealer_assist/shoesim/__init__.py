"""A virtual card-reading shoe speaking the shoe line protocol, for testing hosts without hardware.

``dealer-assist shoe-sim`` runs it; ``hardware/SIMULATOR.md`` explains it.
"""

from dealer_assist.shoesim.device import VirtualShoe
from dealer_assist.shoesim.endpoints import EndpointError, PtyEndpoint, SerialEndpoint, TcpEndpoint
from dealer_assist.shoesim.faults import FaultPlan
from dealer_assist.shoesim.simulator import ShoeSimulator

__all__ = ["VirtualShoe", "FaultPlan", "PtyEndpoint", "SerialEndpoint", "TcpEndpoint", "EndpointError", "ShoeSimulator"]
